/**
 * /robots.txt: crawlers may read the store's public pages (the catalog, the exclusives, the VIP CATALOG, the beat
 * pages and the service pages) and nothing else — not the API, the account and admin pages, the cart or the
 * checkout (docs/product/screens-and-words.md#screens). It names the sitemap (sitemap.ts), by absolute address.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

export function robotsTxt(apiPrefixes: readonly string[], origin: string): string {
  return ['User-agent: *', ...[...apiPrefixes, ...privatePages].map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** Registered with the web app: without pages there is nothing to crawl. `originOf` gives the store's address. */
export function registerRobotsTxt(app: FastifyInstance, apiPrefixes: readonly string[], originOf: (request: FastifyRequest) => string): void {
  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt(apiPrefixes, originOf(request))),
  );
}
