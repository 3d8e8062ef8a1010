/** Every route path of the web app, in one place. */
export const paths = {
  home: '/',
  beats: '/beats',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgotpassword',
  otpVerification: '/otpverification',
  changePassword: '/changepassword',
  vip: '/vip',
  exclusives: '/exclusives',
  cart: '/cart',
  paymentConfirm: '/paymentConfirm',
  mixingMastering: '/mixing-&-mastering',
  artworks: '/artworks',
  about: '/about',
  marketing: '/marketing',
  branding: '/branding',
  userDashboard: '/user-dashboard',
  purchaseHistory: '/purchase-history',
  favourite: '/favourite',
  accountSetting: '/account-setting',
  adminDashboard: '/admin/dashboard',
  adminBeats: '/admin/beats-management',
  adminUsers: '/admin/user-management',
  adminAnalytics: '/admin/analytics',
  adminStoreSettings: '/admin/store-settings',
  beat: '/beat/:slug',
  embedBeat: '/embed/beat/:slug',
} as const;

/** A beat's own page (docs/product/screens-and-words.md#beat-page). */
export function beatPath(slug: string): string {
  return `/beat/${encodeURIComponent(slug)}`;
}

/** A beat's embeddable player, the page other sites put in an <iframe>. */
export function embedBeatPath(slug: string): string {
  return `/embed/beat/${encodeURIComponent(slug)}`;
}

/** `/login?returnUrl=/vip` style links; only same-site paths are ever used as a return target. */
export function withReturnUrl(path: string, returnUrl: string): string {
  return `${path}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return paths.home;
  return value;
}
