/** Every route of the product's screens (docs/product/screens-and-words.md#screens). Route modules are loaded lazily so `/` downloads only what it shows. */
import { Suspense } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { ErrorBoundary } from './error-boundary';
import { lazyPage } from './lazy-page';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

const CatalogPage = lazyPage(() => import('./routes/catalog').then((m) => m.CatalogPage));
const VipPage = lazyPage(() => import('./routes/vip').then((m) => m.VipPage));
const ExclusivesPage = lazyPage(() => import('./routes/exclusives').then((m) => m.ExclusivesPage));
const LoginPage = lazyPage(() => import('./routes/login').then((m) => m.LoginPage));
const SignupPage = lazyPage(() => import('./routes/signup').then((m) => m.SignupPage));
const FavouritePage = lazyPage(() => import('./routes/favourite').then((m) => m.FavouritePage));
const ForgotPasswordPage = lazyPage(() => import('./routes/forgot-password').then((m) => m.ForgotPasswordPage));
const OtpVerificationPage = lazyPage(() => import('./routes/otp-verification').then((m) => m.OtpVerificationPage));
const ChangePasswordPage = lazyPage(() => import('./routes/change-password').then((m) => m.ChangePasswordPage));
const CartPage = lazyPage(() => import('./routes/cart').then((m) => m.CartPage));
const PaymentConfirmPage = lazyPage(() => import('./routes/payment-confirm').then((m) => m.PaymentConfirmPage));
const UserDashboardPage = lazyPage(() => import('./routes/user-dashboard').then((m) => m.UserDashboardPage));
const PurchaseHistoryPage = lazyPage(() => import('./routes/purchase-history').then((m) => m.PurchaseHistoryPage));
const LibraryPage = lazyPage(() => import('./routes/library').then((m) => m.LibraryPage));
const LicenseVerifyPage = lazyPage(() => import('./routes/license-verify').then((m) => m.LicenseVerifyPage));
const LicenseTermsPage = lazyPage(() => import('./routes/license-terms').then((m) => m.LicenseTermsPage));
const AccountSettingPage = lazyPage(() => import('./routes/account-setting').then((m) => m.AccountSettingPage));
// The admin area: one lazy chunk for its frame and guard, one per page (charts load only there).
const AdminLayout = lazyPage(() => import('./routes/admin').then((m) => m.AdminLayout));
const AdminDashboardPage = lazyPage(() => import('./routes/admin-dashboard').then((m) => m.AdminDashboardPage));
const AdminBeatsPage = lazyPage(() => import('./routes/admin-beats').then((m) => m.AdminBeatsPage));
const AdminUsersPage = lazyPage(() => import('./routes/admin-users').then((m) => m.AdminUsersPage));
const AdminAnalyticsPage = lazyPage(() => import('./routes/admin-analytics').then((m) => m.AdminAnalyticsPage));
const AdminStoreSettingsPage = lazyPage(() => import('./routes/admin-store-settings').then((m) => m.AdminStoreSettingsPage));
const AdminLicensesPage = lazyPage(() => import('./routes/admin-licenses').then((m) => m.AdminLicensesPage));
const AdminDealsPage = lazyPage(() => import('./routes/admin-deals').then((m) => m.AdminDealsPage));
const AdminLeadsPage = lazyPage(() => import('./routes/admin-leads').then((m) => m.AdminLeadsPage));
const ComingSoonPage = lazyPage(() => import('./routes/coming-soon').then((m) => m.ComingSoonPage));
const StorePageRoute = lazyPage(() => import('./routes/store-page').then((m) => m.StorePageRoute));
const NotFoundPage = lazyPage(() => import('./routes/not-found').then((m) => m.NotFoundPage));
const BeatRoutePage = lazyPage(() => import('./routes/beat').then((m) => m.BeatRoutePage));
const EmbedBeatRoutePage = lazyPage(() => import('./routes/embed-beat').then((m) => m.EmbedBeatRoutePage));

/** The page of each path, to fetch the first page's code while the shell renders. */
const pageOf: Record<string, { preload: () => Promise<void> }[]> = {
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
};

/** Asks for the code of the page at `pathname` (main.tsx, at start); settles once it is in. */
export function preloadPage(pathname: string): Promise<void> {
  const pages = [...(pageOf[pathname] ?? [])];
  // A beat's page and its embed are opened from shared links, so their code is asked for at once too.
  if (pathname.startsWith('/beat/')) pages.push(BeatRoutePage);
  if (pathname.startsWith('/embed/beat/')) pages.push(EmbedBeatRoutePage);
  if (pathname.startsWith('/pages/')) pages.push(StorePageRoute);
  if (pathname.startsWith('/licenses/terms/')) pages.push(LicenseTermsPage);
  return Promise.all(pages.map((page) => page.preload())).then(() => undefined);
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

/** Every route, under whichever router holds the address: the browser's, or the build's (entry-prerender.tsx). */
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
