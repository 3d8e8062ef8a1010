/**
 * The app shell around every page: side menu (a drawer on phones), top bar, the page, and the fixed player bar.
 * Forced password change (docs/product/accounts.md#forced-password-change): PasswordChangeGate sends a user who must change it to /account-setting from every page.
 */
import { memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { wantToaster } from '../../lib/toast';
import { useAuth, useLogout } from '../../features/auth';
import { PasswordChangeGate } from '../../features/account';
import { useCartCount } from '../../features/cart';
import { PlayerBar, usePlayerControls } from '../../features/player';
import { useMediaQuery } from '../../hooks/use-media-query';
import { usePageLoading } from '../lazy-page';
import { SideMenu } from '../layout/side-menu';
import { TopBar } from '../layout/top-bar';

const MENU_ID = 'side-menu';
/** The player bar's id (features/player/player-bar.tsx), the second skip link's target. */
const PLAYER_ID = 'player';
/** Keep in step with the 900px breakpoint in global.css. */
const DRAWER_QUERY = '(max-width: 899.98px)';

export function RootLayout() {
  const { isAuthenticated, isLoading, user } = useAuth();
  const cartCount = useCartCount();
  const { pathname } = useLocation();
  const isDrawer = useMediaQuery(DRAWER_QUERY);
  const pageLoading = usePageLoading();

  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  // Growing past the breakpoint turns the drawer back into the fixed sidebar, closed for next time.
  const [wasDrawer, setWasDrawer] = useState(isDrawer);
  if (wasDrawer !== isDrawer) {
    setWasDrawer(isDrawer);
    if (!isDrawer) setMenuOpen(false);
  }
  const drawerOpen = isDrawer && menuOpen;

  const closeMenu = useCallback((returnFocus: 'button' | 'main' = 'button') => {
    setMenuOpen(false);
    // Wait for the drawer to become inert before moving focus out of it.
    requestAnimationFrame(() => (returnFocus === 'main' ? mainRef.current : menuButtonRef.current)?.focus());
  }, []);

  // Open: focus goes into the drawer; Escape closes it and returns focus to the menu button.
  useEffect(() => {
    if (!drawerOpen) return;
    const first = menuRef.current?.querySelector<HTMLElement>('a[href], button:not([disabled])');
    (first ?? menuRef.current)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu('button');
    };
    document.addEventListener('keydown', onKeyDown);
    document.body.classList.add('drawer-open');
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.classList.remove('drawer-open');
    };
  }, [drawerOpen, closeMenu]);

  // A new page starts at the top (the shell itself never scrolls away). A page opened from another one may greet
  // with a toast (a redirect's reason): the toaster comes in from the first move on (lib/toast.ts).
  const firstPath = useRef(pathname);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (pathname !== firstPath.current) wantToaster();
  }, [pathname]);

  const onNavigate = useCallback(() => {
    if (drawerOpen) closeMenu('main');
  }, [drawerOpen, closeMenu]);

  const { loggingOut, logOut: onLogout } = useLogout(() => {
    if (drawerOpen) setMenuOpen(false);
  });

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main" inert={drawerOpen}>
        Skip to content
      </a>
      <SkipToPlayer inert={drawerOpen} />
      {pageLoading && <div className="route-progress" aria-hidden="true" />}

      <Suspense fallback={null}>
        <SideMenu
          ref={menuRef}
          id={MENU_ID}
          isAuthenticated={isAuthenticated}
          isDrawer={isDrawer}
          open={drawerOpen}
          onClose={() => closeMenu('button')}
          onNavigate={onNavigate}
          onLogout={onLogout}
          loggingOut={loggingOut}
        />
      </Suspense>
      {drawerOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={() => closeMenu('button')} />}

      {/* While the drawer is open everything else is out of reach, so Tab stays inside it. */}
      <div className="app-shell__body" inert={drawerOpen}>
        <Suspense fallback={null}>
          <TopBar
            ref={menuButtonRef}
            menuId={MENU_ID}
            menuOpen={drawerOpen}
            onOpenMenu={() => setMenuOpen(true)}
            cartCount={cartCount}
            isAuthenticated={isAuthenticated}
            isLoadingUser={isLoading}
            user={user}
          />
        </Suspense>
        <main id="main" ref={mainRef} tabIndex={-1} className="app-shell__main">
          <CurrentPage />
        </main>
      </div>

      <Suspense fallback={null}>
        <div className="app-shell__player" inert={drawerOpen}>
          <PlayerBar />
        </div>
      </Suspense>
    </div>
  );
}

/**
 * The second skip link, once the player bar shows (a track was chosen): past the menu and the page, straight to the
 * player's controls. Its own component, so the player's changes render only it, not the shell.
 */
function SkipToPlayer({ inert }: { inert: boolean }) {
  const { current } = usePlayerControls();
  if (!current) return null;
  return (
    <a className="skip-link" href={`#${PLAYER_ID}`} inert={inert}>
      Skip to player
    </a>
  );
}

/**
 * The page, apart from the shell: the shell's own changes (the drawer, the cart's count, the menu) do not render the
 * page again; the page follows the router and the session by itself.
 */
const CurrentPage = memo(function CurrentPage() {
  return (
    <PasswordChangeGate>
      <Outlet />
    </PasswordChangeGate>
  );
});
