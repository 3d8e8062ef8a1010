/**
 * The top bar (docs/product/screens-and-words.md#layout): drawer button on phones, cart with its count, and the account avatar or
 * Signup/Login, which brings the visitor back to where they were (`returnUrl`).
 */
import { forwardRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Menu, ShoppingCart } from 'lucide-react';
import type { User } from '@beat/shared';
import { paths, safeReturnUrl, withReturnUrl } from '../../config/paths';
import { ButtonLink } from '../../components/ui/button';
import { UserAvatar } from '../../features/auth';
import { Brand } from './brand';

const authPages: ReadonlySet<string> = new Set([paths.login, paths.signup, paths.forgotPassword, paths.otpVerification, paths.changePassword]);

export interface TopBarProps {
  menuId: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
  cartCount: number;
  isAuthenticated: boolean;
  isLoadingUser: boolean;
  user: User | null;
}

export const TopBar = forwardRef<HTMLButtonElement, TopBarProps>(function TopBar(
  { menuId, menuOpen, onOpenMenu, cartCount, isAuthenticated, isLoadingUser, user },
  menuButtonRef,
) {
  const cartLabel = `Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`;
  const location = useLocation();
  // On the login and recovery pages the visitor's place is the one those pages already carry.
  const here = location.pathname + location.search;
  const onAuthPage = authPages.has(location.pathname.replace(/(.)\/+$/, '$1'));
  const carried = new URLSearchParams(location.search).get('returnUrl');
  const signupLink = !onAuthPage ? withReturnUrl(paths.signup, here) : carried ? withReturnUrl(paths.signup, safeReturnUrl(carried)) : paths.signup;
  return (
    <header className="top-bar">
      <div className="top-bar__start">
        <button
          ref={menuButtonRef}
          type="button"
          className="top-bar__menu"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={onOpenMenu}
        >
          <Menu aria-hidden="true" />
        </button>
        <div className="top-bar__brand">
          <Brand />
        </div>
      </div>

      <div className="top-bar__end">
        <Link to={paths.cart} className="top-bar__cart" aria-label={cartLabel} title="Cart">
          <ShoppingCart aria-hidden="true" />
          <span className={cartCount > 0 ? 'top-bar__badge' : 'top-bar__badge is-empty'} aria-hidden="true">
            {cartCount > 99 ? '99+' : cartCount}
          </span>
        </Link>

        {isAuthenticated ? (
          <Link to={paths.userDashboard} className="top-bar__account" title="Your account">
            {isLoadingUser ? (
              <span className="top-bar__avatar-skeleton" aria-hidden="true" />
            ) : (
              <UserAvatar user={user} size={36} />
            )}
            {/* The link's name; the avatar's initials are a picture of the account, hidden from screen readers. */}
            <span className="visually-hidden">Your account</span>
          </Link>
        ) : (
          <ButtonLink to={signupLink} size="sm" className="top-bar__auth">
            Signup/Login
          </ButtonLink>
        )}
      </div>
    </header>
  );
});
