/**
 * Who may call what: every route the server serves, as "METHOD /path", with its access class
 * (docs/security.md#who-may-call-what). buildApp refuses to start with a route of the API that is not here,
 * and access-matrix.test.ts calls every row as the wrong person. A HEAD route shares its GET's row.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { isApiPath } from './web-app.js';

export const accessClasses = {
  public: 'Anyone, without a token.',
  visitorOrSelf: 'Anyone, without a token; a call that names a user must carry that user’s token (or an admin’s).',
  user: 'A signed-in caller; a call that names a user or a user’s resource acts only on the caller’s own (or any, for an admin).',
  account: 'As user, and open to an account that must change its password first (docs/product/accounts.md#forced-password-change).',
  signedLink: 'A link the server signed for one account, beat and file, for minutes and one session: the link itself is the credential.',
  emailLink: 'A link the server signed into an e-mail for one free-download request (its 24-hour download, its unsubscribe): the link itself is the credential.',
  admin: 'Admins only: a visitor gets 401, a signed-in non-admin 403.',
  webhook: 'The payment provider: the payload’s signature is checked before anything else.',
  testCheckout: 'The built-in test checkout’s pages, registered only without Stripe keys; the unguessable session id is the key.',
  apiDocs: 'The API’s description, served outside production (or with API_DOCS=true).',
  devOnly: 'Development tools, not registered in production.',
  metrics: 'A metrics scraper holding METRICS_TOKEN as its bearer token; without METRICS_TOKEN set the route answers 404 (docs/metrics.md).',
} as const;

export type AccessClass = keyof typeof accessClasses;

export const routeAccess: Record<string, AccessClass> = {
  // The catalog, previews, the store's prices, profile pictures and health: what a visitor's pages need.
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/config': 'public',
  'GET /api/getbeats': 'public',
  'GET /api/beats': 'public',
  'GET /api/beats/facets': 'public',
  'GET /api/stream/:beatId': 'public',
  'GET /api/beats/:beatId/waveform': 'public',
  'GET /api/beats/slug/:slug': 'public',
  'GET /api/beats/:beatId/artwork.png': 'public',
  'GET /api/files/images/:file': 'public',
  // The store's pages and the /vip intro video (docs/product/store-pages.md).
  'GET /api/store-pages/:slug': 'public',
  'GET /api/intro-video': 'public',
  // Anyone may check a license by its id (docs/product/licenses.md#verification).
  'GET /api/licenses/:licenseId/verify': 'public',
  // Each offer's license terms, read before buying (docs/product/licenses.md#terms).
  'GET /api/licenses/terms': 'public',
  'GET /api/licenses/terms/:offer': 'public',
  // The licence tiers a beat offers (docs/product/licenses.md#tiers); a signed-in caller also learns what they hold.
  'GET /api/beats/:beatId/tiers': 'public',
  'GET /api/intro-video/:file': 'public',
  'POST /api/changebeattype': 'public',
  'GET /api/catalog/version': 'public',

  // Signing up, logging in and recovering a password: a visitor has no token yet (limited per address and e-mail).
  'POST /api/signup': 'public',
  'POST /api/login': 'public',
  // The login form posted without JavaScript: the same login, responding with a redirect.
  'POST /login': 'public',
  'POST /sendotp': 'public',
  'POST /verifyotp': 'public',
  'POST /api/changenewpassword': 'public',

  // A play is counted for a visitor too, but a play that names a user must come from that user.
  'POST /api/play': 'visitorOrSelf',

  // The account itself: what an account that must change its password may still do, then its profile.
  'POST /api/logout': 'account',
  'POST /api/getuser': 'account',
  // Who is calling: a visitor gets { user: null }, never an error.
  'GET /api/me': 'public',
  'POST /api/update-session-time': 'account',
  'POST /api/changePassword': 'account',
  'POST /api/updateinfo': 'user',

  // Carts and favourites, named by userId.
  'POST /api/cart': 'user',
  'PUT /api/cart/tier': 'user',
  'DELETE /api/cart': 'user',
  'GET /api/cart/:userId': 'user',
  'POST /api/cart/merge': 'user',
  'GET /api/cart/:userId/coupons': 'user',
  'POST /api/cart/coupon': 'user',
  'DELETE /api/cart/coupon': 'user',
  'POST /api/stemscart': 'user',
  'DELETE /api/stemscart': 'user',
  'GET /api/stemscart/:userId': 'user',
  'POST /api/favorites': 'user',
  'DELETE /api/favorites': 'user',
  'GET /api/favorites/:userId': 'user',

  // Checkouts: opened for the caller, confirmed by the checkout's own buyer.
  'POST /create-checkout-session': 'user',
  'POST /create-checkout-session-stems': 'user',
  'POST /create-checkout-session-exclusive': 'user',
  'POST /create-checkout-session-plan': 'user',
  'POST /api/checkout/confirm': 'user',
  'POST /api/checkout/cancel': 'user',
  // The cart's price with the deals (docs/product/deals.md#the-quote), for the caller's own account.
  'POST /api/checkout/quote': 'user',
  // Offers on exclusives (docs/product/exclusive-offers.md): an exclusive's minimum is public; offers are the caller's own.
  'GET /api/exclusive-offers/beats/:beatId': 'public',
  'GET /api/exclusive-offers': 'user',
  'POST /api/exclusive-offers': 'user',
  'POST /api/exclusive-offers/:offerId/answer': 'user',
  'POST /api/exclusive-offers/:offerId/withdraw': 'user',
  'POST /api/exclusive-offers/:offerId/checkout': 'user',

  // What a user bought and may download (docs/product/entitlements.md).
  'GET /api/getrecentpurchases/:userId': 'user',
  'GET /api/users/:userId/upgrades': 'user',
  'POST /api/getpurchasedbeats': 'user',
  'POST /api/getpurchasedExclusivebeats': 'user',
  'POST /api/getpurchasedstems': 'user',
  'GET /api/purchases/:purchaseId/licence': 'user',
  'GET /api/checkCreditDownload/:userId/:beatId': 'user',
  'GET /api/entitlements/:userId': 'user',
  'GET /api/entitlements/:userId/:beatId': 'user',
  'GET /api/users/:userId/library': 'user',
  'POST /api/reduce-credits': 'user',
  'POST /api/download': 'user',
  'GET /api/beats/:beatId/files/:fileType': 'user',

  // A download link (docs/product/entitlements.md#download-links): made by a signed-in user, then fetched by the link alone.
  'GET /api/download/:token': 'signedLink',

  // Free downloads for an e-mail address (docs/product/free-downloads.md): anyone asks; the e-mailed links are their own credentials.
  'POST /api/beats/:beatId/free-download': 'public',
  'GET /api/free-downloads/:token': 'emailLink',
  'GET /api/unsubscribe/:token': 'emailLink',
  'POST /api/unsubscribe/:token': 'emailLink',

  // The admin area (docs/product/accounts.md#admin): one guard for everything under /api/admin.
  'GET /api/admin/exclusive-offers': 'admin',
  'POST /api/admin/exclusive-offers/:offerId/answer': 'admin',
  'PUT /api/admin/exclusive-offers/beats/:beatId/minimum': 'admin',
  'GET /api/admin/beats': 'admin',
  'POST /api/admin/beats': 'admin',
  'GET /api/admin/beats/:beatId': 'admin',
  'PUT /api/admin/beats/:beatId': 'admin',
  'DELETE /api/admin/beats/:beatId': 'admin',
  'POST /api/admin/beats/:beatId/publish': 'admin',
  'POST /api/admin/beats/:beatId/unpublish': 'admin',
  'POST /api/admin/beats/:beatId/render': 'admin',
  'GET /api/admin/users': 'admin',
  'POST /api/admin/users/invite': 'admin',
  'PATCH /api/admin/users/:userId': 'admin',
  'DELETE /api/admin/users/:userId': 'admin',
  'POST /api/admin/users/:userId/promote': 'admin',
  'GET /api/admin/analytics/overview': 'admin',
  'GET /api/admin/analytics/purchases': 'admin',
  'GET /api/admin/analytics/purchases.csv': 'admin',
  'GET /api/admin/analytics/beats': 'admin',
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/store-settings': 'admin',
  'PUT /api/admin/store-settings/placement': 'admin',
  'PUT /api/admin/store-settings/sale-notices': 'admin',
  'GET /api/admin/payments/attention': 'admin',
  'POST /api/admin/payments/:checkoutId/retry': 'admin',
  'GET /api/admin/licenses': 'admin',
  'PUT /api/admin/licenses/:offer': 'admin',
  // The licence tiers and each beat's tier prices (docs/product/licenses.md#tiers).
  'GET /api/admin/tiers': 'admin',
  'POST /api/admin/tiers': 'admin',
  'PUT /api/admin/tiers/:key': 'admin',
  'PUT /api/admin/tiers-order': 'admin',
  'POST /api/admin/tiers/:key/prices': 'admin',
  'GET /api/admin/beats/:beatId/tiers': 'admin',
  'PUT /api/admin/beats/:beatId/tiers/:key': 'admin',
  'GET /api/admin/store-settings/tag': 'admin',
  'PUT /api/admin/store-settings/tag': 'admin',
  'DELETE /api/admin/store-settings/tag': 'admin',
  'GET /api/admin/store-pages': 'admin',
  'PUT /api/admin/store-pages/:slug': 'admin',
  'PUT /api/admin/intro-video': 'admin',
  // Admin → Deals (docs/product/deals.md).
  'GET /api/admin/coupons': 'admin',
  'POST /api/admin/coupons': 'admin',
  'PUT /api/admin/coupons/:couponId': 'admin',
  'DELETE /api/admin/coupons/:couponId': 'admin',
  'GET /api/admin/deals/bulk': 'admin',
  'PUT /api/admin/deals/bulk': 'admin',
  'GET /api/admin/leads': 'admin',
  'GET /api/admin/leads.csv': 'admin',

  // Payment events from the provider, signed with the webhook secret.
  'POST /webhooks/stripe': 'webhook',

  // The built-in test checkout: the card form a checkout's url leads to, and its own script and style.
  'GET /test-checkout/assets/checkout.css': 'testCheckout',
  'GET /test-checkout/assets/checkout.js': 'testCheckout',
  'GET /test-checkout/:sessionId': 'testCheckout',
  'POST /test-checkout/:sessionId/pay': 'testCheckout',
  'GET /test-checkout/:sessionId/cancel': 'testCheckout',

  // The OpenAPI description and its browsable page (docs/security.md#api-docs).
  'GET /api/docs': 'apiDocs',
  'GET /api/docs/': 'apiDocs',
  'GET /api/docs/json': 'apiDocs',
  'GET /api/docs/yaml': 'apiDocs',
  'GET /api/docs/static/index.html': 'apiDocs',
  'GET /api/docs/static/swagger-initializer.js': 'apiDocs',
  'GET /api/docs/static/*': 'apiDocs',

  // What the web app's server says to crawlers (served with the built web app).
  'GET /robots.txt': 'public',
  // A beat's page and embeddable player with their link previews, and the sitemap (docs/decisions/0020-beat-pages.md).
  'GET /beat/:slug': 'public',
  'GET /embed/beat/:slug': 'public',
  'GET /sitemap.xml': 'public',
  'GET /sitemaps/:file': 'public',

  // Prometheus metrics, each process its own (docs/metrics.md).
  'GET /metrics': 'metrics',

  // The development outbox (docs/security.md#headers).
  'GET /dev/mail': 'devOnly',
  'GET /dev/mail.json': 'devOnly',
  'GET /dev/mail/:id': 'devOnly',
};

/** "HEAD /x" → "GET /x": a HEAD route responds with what its GET returns, without the body. */
export function routeKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/** The class of a route, or null when it has none. */
export function accessOf(method: string, url: string): AccessClass | null {
  return routeAccess[routeKey(method, url)] ?? null;
}

/**
 * Refuses, while the app is being built, any route of the API (web-app.ts#apiPrefixes) that has no row above:
 * the error names it, and the server does not start. Outside the API are the built web app's files, one route
 * each, which access-matrix.test.ts checks. Returns the function that ends the check once buildApp has
 * registered everything: routes added later are a test's own (createTestApp's extraRoutes).
 */
export function refuseUnclassifiedRoutes(app: FastifyInstance): () => void {
  let building = true;
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!building || !isApiPath(route.url)) return;
    for (const method of [route.method].flat()) {
      if (!accessOf(method, route.url)) {
        throw new Error(
          `${routeKey(method, route.url)} has no access class: add it to routeAccess in apps/server/src/web/route-access.ts ` +
            '(docs/security.md#who-may-call-what).',
        );
      }
    }
  });
  return () => {
    building = false;
  };
}
