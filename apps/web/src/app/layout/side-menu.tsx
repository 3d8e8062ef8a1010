/** The side menu (docs/product/screens-and-words.md#layout): catalog, services, account links and Logout. A drawer below 900 px. */
import { forwardRef, type ReactNode } from 'react';
import {
  Crown,
  Disc3,
  Gem,
  Heart,
  Library,
  Megaphone,
  Palette,
  PenTool,
  ShieldCheck,
  SlidersHorizontal,
  UserRound,
  X,
} from 'lucide-react';
import { LogoutButton, NavItem } from '../../components/ui/nav-item';
import { paths, withReturnUrl } from '../../config/paths';
import { useAuth } from '../../features/auth';
import { useCurrentPath } from '../../hooks/use-current-path';
import { Brand } from './brand';
import { StorePagesNav } from './store-pages-nav';

interface Item {
  to: string;
  label: string;
  icon: ReactNode;
  /** Extra paths that also mark this item as the current page. */
  alsoActive?: string[];
  /** A detour (e.g. to /login) that must not look like the current page when the visitor is on it. */
  neverActive?: boolean;
}

const catalogItems: Item[] = [
  { to: paths.home, label: 'Beats', icon: <Disc3 />, alsoActive: [paths.beats] },
  { to: paths.vip, label: 'VIP Catalog', icon: <Crown /> },
  { to: paths.exclusives, label: 'Exclusives', icon: <Gem /> },
];

const serviceItems: Item[] = [
  { to: paths.mixingMastering, label: 'Mixing & Mastering', icon: <SlidersHorizontal /> },
  { to: paths.artworks, label: 'Artworks', icon: <Palette /> },
  { to: paths.marketing, label: 'Marketing', icon: <Megaphone /> },
  { to: paths.branding, label: 'Branding', icon: <PenTool /> },
];
// The store's About page, written by the admin, is linked at the menu's foot (StorePagesNav): one About, the one with content.

export interface SideMenuProps {
  id: string;
  isAuthenticated: boolean;
  /** True below 900 px, where the menu is a drawer. */
  isDrawer: boolean;
  open: boolean;
  onClose: () => void;
  /** A link in the drawer was followed. */
  onNavigate: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

export const SideMenu = forwardRef<HTMLDivElement, SideMenuProps>(function SideMenu(
  { id, isAuthenticated, isDrawer, open, onClose, onNavigate, onLogout, loggingOut },
  ref,
) {
  const { user } = useAuth();

  // Logged-out visitors are sent to log in, and come back to what they asked for.
  const accountItems: Item[] = [
    {
      to: isAuthenticated ? paths.userDashboard : withReturnUrl(paths.login, paths.userDashboard),
      label: 'My Account',
      icon: <UserRound />,
      neverActive: !isAuthenticated,
    },
    {
      to: isAuthenticated ? paths.library : withReturnUrl(paths.login, paths.library),
      label: 'My Library',
      icon: <Library />,
      neverActive: !isAuthenticated,
    },
    {
      to: isAuthenticated ? paths.favourite : withReturnUrl(paths.login, paths.favourite),
      label: 'Favourite',
      icon: <Heart />,
      neverActive: !isAuthenticated,
    },
    // Admins reach the admin area from here (its own sidebar takes over inside).
    ...(isAuthenticated && user?.isAdmin
      ? [
          {
            to: paths.adminDashboard,
            label: 'Admin',
            icon: <ShieldCheck />,
            alsoActive: [paths.adminBeats, paths.adminUsers, paths.adminAnalytics, paths.adminStoreSettings, paths.adminLicenses, paths.adminLeads, paths.adminOffers],
          },
        ]
      : []),
  ];

  const current = useCurrentPath();
  const renderItem = (item: Item) => {
    const active = !item.neverActive && (item.to === current || (item.alsoActive?.includes(current) ?? false));
    return <NavItem key={item.label} to={item.to} label={item.label} icon={item.icon} active={active} block="side-menu" onClick={onNavigate} />;
  };

  return (
    <div
      ref={ref}
      id={id}
      className={['side-menu', open && 'is-open'].filter(Boolean).join(' ')}
      // As a drawer it is a modal panel: announced as a dialog, and out of reach when closed.
      role={isDrawer ? 'dialog' : undefined}
      aria-modal={isDrawer && open ? true : undefined}
      aria-label={isDrawer ? 'Menu' : undefined}
      aria-hidden={isDrawer && !open ? true : undefined}
      inert={isDrawer && !open}
      tabIndex={-1}
    >
      {/* Everything in the menu, Logout included, sits in the nav landmark. */}
      <nav aria-label="Main" className="side-menu__nav">
        <div className="side-menu__top">
          <Brand onNavigate={onNavigate} />
          {isDrawer && (
            <button type="button" className="side-menu__close" aria-label="Close menu" onClick={onClose}>
              <X aria-hidden="true" />
            </button>
          )}
        </div>

        <p className="side-menu__heading" id={`${id}-catalog`}>
          Catalog
        </p>
        <ul aria-labelledby={`${id}-catalog`}>{catalogItems.map(renderItem)}</ul>

        <p className="side-menu__heading" id={`${id}-services`}>
          Services
        </p>
        <ul aria-labelledby={`${id}-services`}>{serviceItems.map(renderItem)}</ul>

        <p className="side-menu__heading" id={`${id}-account`}>
          Account
        </p>
        <ul aria-labelledby={`${id}-account`}>{accountItems.map(renderItem)}</ul>

        {isAuthenticated && (
          <div className="side-menu__bottom">
            <LogoutButton block="side-menu" busy={loggingOut} onClick={onLogout} />
          </div>
        )}
      </nav>
      <StorePagesNav current={current} onNavigate={onNavigate} />
    </div>
  );
});
