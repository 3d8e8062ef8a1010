/**
 * The frame of the account pages (docs/product/screens-and-words.md#account-pages): a sidebar with the user's avatar, full name, user-type
 * label, what they own and Credits count, links Dashboard, Purchase History, Favorite, Account Setting, and Logout; the page beside it.
 * Render it inside <RequireAuth> so the user is known.
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Coins, Heart, LayoutDashboard, ReceiptText, Settings } from 'lucide-react';
import { userTypeLabels, type User } from '@beat/shared';
import { paths } from '../../../config/paths';
import { useAuth, useLogout, UserAvatar } from '../../auth';
import { useOwnedBeats } from '../../downloads';
import { formatCount } from '../../../lib/format';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { LogoutButton, NavItem } from '../../../components/ui/nav-item';
import { AreaHeader } from '../../../components/ui/area-header';
import { useCurrentPath } from '../../../hooks/use-current-path';
import '../../../components/ui/area-layout.css';
import './user-layout.css';

export interface UserLayoutProps {
  /** The page's heading (an <h1>) and document title. */
  title: string;
  /** Optional muted line under the heading. */
  lead?: ReactNode;
  /** Optional buttons on the right of the heading. */
  actions?: ReactNode;
  children: ReactNode;
}

const links = [
  { to: paths.userDashboard, label: 'Dashboard', icon: <LayoutDashboard /> },
  { to: paths.purchaseHistory, label: 'Purchase History', icon: <ReceiptText /> },
  { to: paths.favourite, label: 'Favorite', icon: <Heart /> },
  { to: paths.accountSetting, label: 'Account Setting', icon: <Settings /> },
];

export function UserLayout({ title, lead, actions, children }: UserLayoutProps) {
  const { user } = useAuth();
  const titleId = useId();
  // Keep in step with the breakpoint in user-layout.css, where the sidebar folds above the page.
  const compact = useMediaQuery('(max-width: 1179.98px)');
  const current = useCurrentPath();

  const { loggingOut, logOut } = useLogout();

  const credits = user?.Credits ?? 0;
  return (
    <div className="area-layout user-layout">
      <title>{`${title} · Beat Market`}</title>
      <aside className="area-layout__aside user-layout__aside" aria-label="Your account">
        <div className="user-layout__profile">
          <UserAvatar user={user} size={compact ? 56 : 72} className="user-layout__avatar" />
          <div className="user-layout__who">
            <p className="user-layout__name">{user?.fullName ?? ''}</p>
            {user && <p className="user-layout__type">{userTypeLabels[user.userType]}</p>}
            {user && <Holdings user={user} />}
          </div>
          <p className="user-layout__credits">
            <Coins aria-hidden="true" />
            <span>Credits</span>
            <strong data-testid="user-credits">{credits}</strong>
          </p>
        </div>

        <nav aria-label="Account">
          <ul className="area-nav__list">
            {links.map((link) => (
              <NavItem key={link.to} {...link} active={link.to === current} block="area-nav" />
            ))}
            <li>
              <LogoutButton block="area-nav" busy={loggingOut} onClick={() => void logOut()} />
            </li>
          </ul>
        </nav>
      </aside>

      <section className="user-layout__content" aria-labelledby={titleId}>
        <AreaHeader titleId={titleId} title={title} lead={lead} actions={actions} />
        {children}
      </section>
    </div>
  );
}

/**
 * What the user holds, beside the user type: the type alone says nothing of what a paying customer bought (a buyer
 * of a dozen leases is still a Free User). Nothing for an account that holds nothing.
 */
function Holdings({ user }: { user: User }) {
  const owned = useOwnedBeats();
  const count = owned.data?.size ?? 0;
  const vip = user.userType === 'vipUser';
  if (!vip && count === 0) return null;
  const beats = formatCount(count, { one: 'beat' });
  const text = vip ? (count > 0 ? `Every VIP catalog beat, and ${beats} of your own` : 'Every VIP catalog beat is yours') : `You own ${beats}`;
  return (
    <p className="user-layout__owns">
      <Link to={paths.library}>{text}</Link>
    </p>
  );
}
