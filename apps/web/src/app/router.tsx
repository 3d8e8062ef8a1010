/** Every route of the spec's table. Route modules are loaded lazily so `/` downloads only what it shows. */
import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { RootLayout } from './routes/root-layout';
import { PageError, RouteError } from './routes/route-error';

const comingSoon = (title: string) => ({
  lazy: async () => {
    const { ComingSoonPage } = await import('./routes/coming-soon');
    return { Component: () => <ComingSoonPage title={title} /> };
  },
});

const placeholder = (title: string) => ({
  lazy: async () => {
    const { PlaceholderPage } = await import('./routes/placeholder');
    return { Component: () => <PlaceholderPage title={title} /> };
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
          { path: paths.forgotPassword, ...placeholder('Forgot Password') },
          { path: paths.otpVerification, ...placeholder('OTP Verification') },
          { path: paths.changePassword, ...placeholder('Change Password') },
          { path: paths.cart, ...placeholder('Cart') },
          { path: paths.paymentConfirm, ...placeholder('Payment') },
          { path: paths.userDashboard, ...placeholder('Dashboard') },
          { path: paths.purchaseHistory, ...placeholder('Purchase History') },
          { path: paths.accountSetting, ...placeholder('Account Settings') },
          { path: paths.adminDashboard, ...placeholder('Admin Dashboard') },
          { path: paths.adminBeats, ...placeholder('Beats Management') },
          { path: paths.adminUsers, ...placeholder('User Management') },
          { path: paths.adminAnalytics, ...placeholder('Analytics') },
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
