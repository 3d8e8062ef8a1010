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
  library: '/library',
  favourite: '/favourite',
  accountSetting: '/account-setting',
  adminDashboard: '/admin/dashboard',
  adminBeats: '/admin/beats-management',
  adminUsers: '/admin/user-management',
  adminAnalytics: '/admin/analytics',
  adminStoreSettings: '/admin/store-settings',
  /** Each offer's license terms, edited by the admin (docs/product/licenses.md#terms). */
  adminLicenses: '/admin/licenses',
  /** The bulk deal and coupon codes (docs/product/deals.md). */
  adminDeals: '/admin/deals',
  /** Free-download requests and their CSV (docs/product/free-downloads.md#leads). */
  adminLeads: '/admin/leads',
  /** Offers on exclusives: accept, decline or counter (docs/product/exclusive-offers.md). */
  adminOffers: '/admin/offers',
  beat: '/beat/:slug',
  embedBeat: '/embed/beat/:slug',
  /** The store's own pages: /pages/about, /pages/faq, … (docs/product/store-pages.md). */
  storePage: '/pages/:slug',
  /** Anyone may check a license by its id: /licenses/verify/5F3A-… (docs/product/licenses.md#verification). */
  licenseVerify: '/licenses/verify/:licenseId',
  /** An offer's full license terms, read before buying: /licenses/terms/lease, … (docs/product/licenses.md#terms). */
  licenseTerms: '/licenses/terms/:offer',
} as const;

/** A beat's own page (docs/product/screens-and-words.md#beat-page). */
export function beatPath(slug: string): string {
  return `/beat/${encodeURIComponent(slug)}`;
}

/** A beat's embeddable player, the page other sites put in an <iframe>. */
export function embedBeatPath(slug: string): string {
  return `/embed/beat/${encodeURIComponent(slug)}`;
}

/** The library, marking one beat (`beat`, from Purchase History) or a checkout's beats (`just`, after payment): docs/product/library.md. */
export function libraryPath(mark: { beat?: string; just?: string } = {}): string {
  const query = new URLSearchParams();
  if (mark.just) query.set('just', mark.just);
  if (mark.beat) query.set('beat', mark.beat);
  const text = query.toString();
  return text ? `${paths.library}?${text}` : paths.library;
}

/**
 * `/login?returnUrl=/vip` style links; only same-site paths are ever used as a return target. The store front is where
 * logging in leads anyway, so from there the link is the plain page.
 */
export function withReturnUrl(path: string, returnUrl: string): string {
  if (returnUrl === paths.home) return path;
  return `${path}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** The query parameter that names the offer a visitor signs up for (`/signup?offer=vip`), so the sign-up page can say what it is. */
export const SIGNUP_OFFER_PARAM = 'offer';

/**
 * Sign-up for the VIP plan, from its GET ACCESS: `/signup?returnUrl=…` as for any visitor, plus the offer, so the page
 * names the plan and its price before leading back to `returnUrl`.
 */
export function vipSignupPath(returnUrl: string): string {
  const path = withReturnUrl(paths.signup, returnUrl);
  return `${path}${path.includes('?') ? '&' : '?'}${SIGNUP_OFFER_PARAM}=vip`;
}

export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return paths.home;
  return value;
}
