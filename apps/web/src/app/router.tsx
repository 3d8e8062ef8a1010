/** Every route of the product's screens (docs/product/screens-and-words.md#screens). Route modules are loaded lazily so `/` downloads only what it shows. */
import { Suspense } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { ErrorBoundary } from './error-boundary';
import { lazyPage } from './lazy-page';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

const CatalogPage = lazyPage(() => import('./routes/catalog').then((m) => m.CatalogPage), 'catalog');
const VipPage = lazyPage(() => import('./routes/vip').then((m) => m.VipPage), 'vip');
const ExclusivesPage = lazyPage(() => import('./routes/exclusives').then((m) => m.ExclusivesPage), 'exclusives');
const LoginPage = lazyPage(() => import('./routes/login').then((m) => m.LoginPage), 'login');
const SignupPage = lazyPage(() => import('./routes/signup').then((m) => m.SignupPage), 'signup');
const FavouritePage = lazyPage(() => import('./routes/favourite').then((m) => m.FavouritePage), 'favourite');
const ForgotPasswordPage = lazyPage(() => import('./routes/forgot-password').then((m) => m.ForgotPasswordPage), 'forgot-password');
const OtpVerificationPage = lazyPage(() => import('./routes/otp-verification').then((m) => m.OtpVerificationPage), 'otp-verification');
const ChangePasswordPage = lazyPage(() => import('./routes/change-password').then((m) => m.ChangePasswordPage), 'change-password');
const CartPage = lazyPage(() => import('./routes/cart').then((m) => m.CartPage), 'cart');
const PaymentConfirmPage = lazyPage(() => import('./routes/payment-confirm').then((m) => m.PaymentConfirmPage), 'payment-confirm');
const UserDashboardPage = lazyPage(() => import('./routes/user-dashboard').then((m) => m.UserDashboardPage), 'user-dashboard');
const PurchaseHistoryPage = lazyPage(() => import('./routes/purchase-history').then((m) => m.PurchaseHistoryPage), 'purchase-history');
const LibraryPage = lazyPage(() => import('./routes/library').then((m) => m.LibraryPage), 'library');
const LicenseVerifyPage = lazyPage(() => import('./routes/license-verify').then((m) => m.LicenseVerifyPage), 'license-verify');
const LicenseTermsPage = lazyPage(() => import('./routes/license-terms').then((m) => m.LicenseTermsPage), 'license-terms');
const AccountSettingPage = lazyPage(() => import('./routes/account-setting').then((m) => m.AccountSettingPage), 'account-setting');
// The admin area: one lazy chunk for its frame and guard, one per page (charts load only there).
const AdminLayout = lazyPage(() => import('./routes/admin').then((m) => m.AdminLayout), 'admin');
const AdminDashboardPage = lazyPage(() => import('./routes/admin-dashboard').then((m) => m.AdminDashboardPage), 'admin-dashboard');
const AdminBeatsPage = lazyPage(() => import('./routes/admin-beats').then((m) => m.AdminBeatsPage), 'admin-beats');
const AdminUsersPage = lazyPage(() => import('./routes/admin-users').then((m) => m.AdminUsersPage), 'admin-users');
const AdminAnalyticsPage = lazyPage(() => import('./routes/admin-analytics').then((m) => m.AdminAnalyticsPage), 'admin-analytics');
const AdminStoreSettingsPage = lazyPage(() => import('./routes/admin-store-settings').then((m) => m.AdminStoreSettingsPage), 'admin-store-settings');
const AdminLicensesPage = lazyPage(() => import('./routes/admin-licenses').then((m) => m.AdminLicensesPage), 'admin-licenses');
const AdminDealsPage = lazyPage(() => import('./routes/admin-deals').then((m) => m.AdminDealsPage), 'admin-deals');
const AdminLeadsPage = lazyPage(() => import('./routes/admin-leads').then((m) => m.AdminLeadsPage), 'admin-leads');
const AdminOffersPage = lazyPage(() => import('./routes/admin-offers').then((m) => m.AdminOffersPage), 'admin-offers');
const ComingSoonPage = lazyPage(() => import('./routes/coming-soon').then((m) => m.ComingSoonPage), 'coming-soon');
const StorePageRoute = lazyPage(() => import('./routes/store-page').then((m) => m.StorePageRoute), 'store-page');
const NotFoundPage = lazyPage(() => import('./routes/not-found').then((m) => m.NotFoundPage), 'not-found');
const BeatRoutePage = lazyPage(() => import('./routes/beat').then((m) => m.BeatRoutePage), 'beat');
const EmbedBeatRoutePage = lazyPage(() => import('./routes/embed-beat').then((m) => m.EmbedBeatRoutePage), 'embed-beat');

/** The page of each path, to fetch the first page's code while the shell renders. */
const pageOf: Record<string, { source: string; preload: () => Promise<void> }[]> = {
  [paths.home]: [CatalogPage],
  [paths.beats]: [CatalogPage],
  [paths.vip]: [VipPage],
  [paths.exclusives]: [ExclusivesPage],
  [paths.login]: [LoginPage],
  [paths.signup]: [SignupPage],
  [paths.favourite]: [FavouritePage],
  [paths.forgotPassword]: [ForgotPasswordPage],
  [paths.otpVerification]: [OtpVerificationPage],
  [paths.changePassword]: [ChangePasswordPage],
  [paths.cart]: [CartPage],
  [paths.paymentConfirm]: [PaymentConfirmPage],
  [paths.userDashboard]: [UserDashboardPage],
  [paths.purchaseHistory]: [PurchaseHistoryPage],
  [paths.library]: [LibraryPage],
  [paths.accountSetting]: [AccountSettingPage],
  [paths.adminDashboard]: [AdminLayout, AdminDashboardPage],
  [paths.adminBeats]: [AdminLayout, AdminBeatsPage],
  [paths.adminUsers]: [AdminLayout, AdminUsersPage],
  [paths.adminAnalytics]: [AdminLayout, AdminAnalyticsPage],
  [paths.adminStoreSettings]: [AdminLayout, AdminStoreSettingsPage],
  [paths.adminLicenses]: [AdminLayout, AdminLicensesPage],
  [paths.adminDeals]: [AdminLayout, AdminDealsPage],
  [paths.adminLeads]: [AdminLayout, AdminLeadsPage],
  [paths.adminOffers]: [AdminLayout, AdminOffersPage],
};

/** The pages shown at `pathname`. */
function pagesAt(pathname: string) {
  const pages = [...(pageOf[pathname] ?? [])];
  // A beat's page and its embed are opened from shared links, so their code is asked for at once too.
  if (pathname.startsWith('/beat/')) pages.push(BeatRoutePage);
  if (pathname.startsWith('/embed/beat/')) pages.push(EmbedBeatRoutePage);
  if (pathname.startsWith('/pages/')) pages.push(StorePageRoute);
  if (pathname.startsWith('/licenses/terms/')) pages.push(LicenseTermsPage);
  if (pathname.startsWith('/licenses/verify/')) pages.push(LicenseVerifyPage);
  return pages;
}

/** Asks for the code of the page at `pathname` (main.tsx, at start); settles once it is in. */
export function preloadPage(pathname: string): Promise<void> {
  return Promise.all(pagesAt(pathname).map((page) => page.preload())).then(() => undefined);
}

/** The source files of the page at `pathname`: the server names their built code in the page's head, to load with the app's. */
export function pageSources(pathname: string): string[] {
  return pagesAt(pathname).map((page) => `src/app/routes/${page.source}.tsx`);
}

/** A failing page is replaced inside the shell, so the menu and the player stay usable; the next page tries again. */
function PageFrame() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <RouteError error={error} standalone={false} />}>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

const comingSoon = ['Mixing & Mastering', 'Artworks', 'About', 'Marketing', 'Branding'] as const;
const comingSoonPaths = {
  'Mixing & Mastering': paths.mixingMastering,
  Artworks: paths.artworks,
  About: paths.about,
  Marketing: paths.marketing,
  Branding: paths.branding,
} as const;

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** Every route, under whichever router holds the address: the browser's, or the server renderer's (entry-server.tsx). */
export function AppRoutes() {
  // The shell itself failed: the error page fills the window.
  return (
    <ErrorBoundary fallback={(error) => <RouteError error={error} />}>
      <Routes>
        {/* Framed by other sites: the beat's player alone, without the store's layout. */}
        <Route path={paths.embedBeat} element={<EmbedBeatRoutePage />} />
        <Route path="/" element={<RootLayout />}>
          <Route element={<PageFrame />}>
            <Route index element={<CatalogPage />} />
            <Route path={paths.beats} element={<CatalogPage />} />
            <Route path={paths.vip} element={<VipPage />} />
            <Route path={paths.exclusives} element={<ExclusivesPage />} />
            <Route path={paths.login} element={<LoginPage />} />
            <Route path={paths.signup} element={<SignupPage />} />
            <Route path={paths.favourite} element={<FavouritePage />} />
            <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
            <Route path={paths.otpVerification} element={<OtpVerificationPage />} />
            <Route path={paths.changePassword} element={<ChangePasswordPage />} />
            <Route path={paths.cart} element={<CartPage />} />
            <Route path={paths.paymentConfirm} element={<PaymentConfirmPage />} />
            <Route path={paths.userDashboard} element={<UserDashboardPage />} />
            <Route path={paths.purchaseHistory} element={<PurchaseHistoryPage />} />
            <Route path={paths.library} element={<LibraryPage />} />
            <Route path={paths.accountSetting} element={<AccountSettingPage />} />
            <Route path={paths.beat} element={<BeatRoutePage />} />
            <Route path={paths.storePage} element={<StorePageRoute />} />
            <Route path={paths.licenseVerify} element={<LicenseVerifyPage />} />
            <Route path={paths.licenseTerms} element={<LicenseTermsPage />} />
            <Route path="/admin" element={<AdminLayout />}>
              <Route index element={<Navigate to={paths.adminDashboard} replace />} />
              <Route path={paths.adminDashboard} element={<AdminDashboardPage />} />
              <Route path={paths.adminBeats} element={<AdminBeatsPage />} />
              <Route path={paths.adminUsers} element={<AdminUsersPage />} />
              <Route path={paths.adminAnalytics} element={<AdminAnalyticsPage />} />
              <Route path={paths.adminStoreSettings} element={<AdminStoreSettingsPage />} />
              <Route path={paths.adminLicenses} element={<AdminLicensesPage />} />
              <Route path={paths.adminDeals} element={<AdminDealsPage />} />
              <Route path={paths.adminLeads} element={<AdminLeadsPage />} />
              <Route path={paths.adminOffers} element={<AdminOffersPage />} />
            </Route>
            {comingSoon.map((title) => (
              <Route key={title} path={comingSoonPaths[title]} element={<ComingSoonPage title={title} />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}
