/**
 * /robots.txt: crawlers may read the store's public pages (the catalog, the exclusives, the VIP CATALOG and the
 * service pages) and nothing else — not the API, the account and admin pages, the cart or the checkout
 * (docs/product/screens-and-words.md#screens). There is no sitemap, so it names none.
 */
import type { FastifyInstance } from 'fastify';

/** The pages that are a signed-in user's own or a step of a purchase: nothing a search engine should list. */
const privatePages = [
  '/admin',
  '/user-dashboard',
  '/purchase-history',
  '/favourite',
  '/account-setting',
  '/cart',
  '/paymentConfirm',
  '/otpverification',
  '/changepassword',
];

export function robotsTxt(apiPrefixes: readonly string[]): string {
  return ['User-agent: *', ...[...apiPrefixes, ...privatePages].map((p) => `Disallow: ${p}`), ''].join('\n');
}

/** Registered with the web app: without pages there is nothing to crawl. */
export function registerRobotsTxt(app: FastifyInstance, apiPrefixes: readonly string[]): void {
  const text = robotsTxt(apiPrefixes);
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(text),
  );
}
