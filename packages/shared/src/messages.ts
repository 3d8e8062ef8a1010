/** The product's own words (docs/product/screens-and-words.md), shared by the forms and the server so both say the same thing. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email address is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  fullNameRequired: 'Full Name is required',
  signedIn: 'Signed in successfully',
  signedUp: 'Signed Up successfully',
  loggedOut: 'Logged out Successfully',
  addedToFavorites: (title: string) => `${title} added to favorites`,
  removedFromFavorites: (title: string) => `${title} removed from favorites`,
  failedToAddFavorite: 'Failed to add to favorites',
  failedToRemoveFavorite: 'Failed to remove from favorites',
  invalidCredentials: 'Invalid email or password',
  /** A state-changing call carrying the session cookie from another site (docs/security.md#cross-site-requests). */
  crossSiteRefused: 'This request came from another site and was refused. Please try again from the store itself.',
  /** The database is restarting or unreachable: answered 503 with Retry-After (docs/reliability.md). */
  storeUnavailable: 'The store is briefly unavailable. Please try again in a moment.',
} as const;

/** The product's own words for carts, checkout and the dashboard (docs/product/screens-and-words.md). */
export const commerceMessages = {
  addedToCart: (title: string) => `${title} Added to Cart`,
  removedFromCart: (title: string) => `${title} Removed from Cart`,
  tierChanged: (title: string, tier: string) => `${title} is now in your cart as ${tier}`,
  failedToAddToCart: 'Failed to add to Cart',
  failedToRemoveFromCart: 'Failed to removed from Cart',
  selectAtLeastOne: 'Please select at least one item to purchase.',
  noPrice: 'No price for this beat',
  stemsNotAvailable: 'Stems are not available for this beat, sorry',
  orderSummary: 'Order Summary',
  paymentSuccessful: 'Payment Successful',
  creatingDashboard: 'Creating your dashboard experience...',
  noPurchases: 'No Purchases Yet',
  purchasedOn: (date: string) => `Purchased on: ${date}`,
  /** The payment provider could not be reached: nothing was reserved or charged (docs/reliability.md). */
  paymentsUnavailable: 'We could not reach our payment provider, so nothing was charged. Please try again in a few minutes.',
} as const;

/** The product's own words on a beat's page and its embeddable player (docs/product/screens-and-words.md#beat-page). */
export const beatPageMessages = {
  linkCopied: 'Link copied',
  embedCopied: 'Embed code copied',
  copyFailed: 'The link could not be copied. Copy it from the address bar.',
  buyOnBeatMarket: 'Buy on Beat Market',
  moreLikeThis: 'More like this',
  sold: 'Sold',
  soldNote: 'This exclusive has been bought: it is no longer for sale.',
  soldToYou: 'You bought this exclusive. Download its files here, or from My Exclusive Beats on your dashboard.',
  soldBrowse: 'Browse exclusives',
  yourDashboard: 'Go to your dashboard',
} as const;

/** The product's own words for downloads and the purchase cards (docs/product/screens-and-words.md#download-modal). */
export const downloadMessages = {
  beatNotInDownloads: 'Beat not found in user downloads',
  stemsNotAvailable: 'Stems are not available for this beat, sorry',
  noPrice: 'No price for this beat',
  vipMember: 'You are a VIP Member',
  noCredits: 'You have no credits left.',
  unlocked: (title: string) => `${title} unlocked`,
  alreadyUnlocked: (title: string) => `${title} is already unlocked`,
} as const;

/** The store pages' addresses and titles (zod-free, for the side menu). */
export * from './store-pages-words.js';

/** The free download's words (docs/product/free-downloads.md), here so the catalog's rows can say them without the forms' code. */
export const freeDownloadWords = {
  button: 'Free download',
  dialogTitle: 'Free download',
  emailLabel: 'Your e-mail address',
  consentLabel: 'Send me news and new beats from Beat Market (you can unsubscribe from any e-mail)',
  submit: 'Send me the link',
  explanation: 'We e-mail you a link to the tagged MP3, valid for 24 hours. The file is yours whether or not you tick the box.',
  sent: 'Check your inbox: we sent a download link to',
} as const;
