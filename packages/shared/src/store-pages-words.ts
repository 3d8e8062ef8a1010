/** The store pages' addresses and titles, without zod, for the side menu of every screen (docs/product/store-pages.md). */
export const storePageSlugs = ['about', 'faq', 'terms', 'privacy', 'refund-policy'] as const;
export type StorePageSlug = (typeof storePageSlugs)[number];

/** Each page's heading and its link's words in the side menu. */
export const storePageTitles: Record<StorePageSlug, string> = {
  about: 'About',
  faq: 'FAQ',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  'refund-policy': 'Refund Policy',
};

/** `/pages/refund-policy` */
export const storePagePath = (slug: StorePageSlug) => `/pages/${slug}`;
