/** Every route of the product's screens (docs/product/screens-and-words.md#screens). Route modules are loaded lazily so `/` downloads only what it shows. */
import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '../config/paths';
import { RootLayout } from './routes/root-layout';
import { PageError, RouteError } from './routes/route-error';

const comingSoon = (title: string) => ({
  lazy: async () => {
    const { ComingSoonPage } = await import('./routes/coming-soon');
    return { Component: () => <ComingSoonPage title={title} /> };
  },
});

export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // A failing page is replaced inside the shell, so the menu and the player stay usable.
        ErrorBoundary: PageError,
        children: [
          { index: true, lazy: () => import('./routes/catalog').then((m) => ({ Component: m.CatalogPage })) },
          { path: paths.beats, lazy: () => import('./routes/catalog').then((m) => ({ Component: m.CatalogPage })) },
          { path: paths.vip, lazy: () => import('./routes/vip').then((m) => ({ Component: m.VipPage })) },
          { path: paths.exclusives, lazy: () => import('./routes/exclusives').then((m) => ({ Component: m.ExclusivesPage })) },
          { path: paths.login, lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginPage })) },
          { path: paths.signup, lazy: () => import('./routes/signup').then((m) => ({ Component: m.SignupPage })) },
          { path: paths.favourite, lazy: () => import('./routes/favourite').then((m) => ({ Component: m.FavouritePage })) },
          { path: paths.forgotPassword, lazy: () => import('./routes/forgot-password').then((m) => ({ Component: m.ForgotPasswordPage })) },
          { path: paths.otpVerification, lazy: () => import('./routes/otp-verification').then((m) => ({ Component: m.OtpVerificationPage })) },
          { path: paths.changePassword, lazy: () => import('./routes/change-password').then((m) => ({ Component: m.ChangePasswordPage })) },
          { path: paths.cart, lazy: () => import('./routes/cart').then((m) => ({ Component: m.CartPage })) },
          { path: paths.paymentConfirm, lazy: () => import('./routes/payment-confirm').then((m) => ({ Component: m.PaymentConfirmPage })) },
          { path: paths.userDashboard, lazy: () => import('./routes/user-dashboard').then((m) => ({ Component: m.UserDashboardPage })) },
          { path: paths.purchaseHistory, lazy: () => import('./routes/purchase-history').then((m) => ({ Component: m.PurchaseHistoryPage })) },
          { path: paths.accountSetting, lazy: () => import('./routes/account-setting').then((m) => ({ Component: m.AccountSettingPage })) },
          {
            // The admin area: one lazy chunk for its frame and guard, one per page (charts load only there).
            path: '/admin',
            lazy: () => import('./routes/admin').then((m) => ({ Component: m.AdminLayout })),
            children: [
              { index: true, element: <Navigate to={paths.adminDashboard} replace /> },
              { path: paths.adminDashboard, lazy: () => import('./routes/admin-dashboard').then((m) => ({ Component: m.AdminDashboardPage })) },
              { path: paths.adminBeats, lazy: () => import('./routes/admin-beats').then((m) => ({ Component: m.AdminBeatsPage })) },
              { path: paths.adminUsers, lazy: () => import('./routes/admin-users').then((m) => ({ Component: m.AdminUsersPage })) },
              { path: paths.adminAnalytics, lazy: () => import('./routes/admin-analytics').then((m) => ({ Component: m.AdminAnalyticsPage })) },
              {
                path: paths.adminStoreSettings,
                lazy: () => import('./routes/admin-store-settings').then((m) => ({ Component: m.AdminStoreSettingsPage })),
              },
            ],
          },
          { path: paths.mixingMastering, ...comingSoon('Mixing & Mastering') },
          { path: paths.artworks, ...comingSoon('Artworks') },
          { path: paths.about, ...comingSoon('About') },
          { path: paths.marketing, ...comingSoon('Marketing') },
          { path: paths.branding, ...comingSoon('Branding') },
          { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundPage })) },
        ],
      },
    ],
  },
]);
