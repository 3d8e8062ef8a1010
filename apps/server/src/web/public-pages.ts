/** What the store shows crawlers and other sites besides the app itself: robots.txt, the sitemap, beat pages with their link previews. */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import type { CatalogVersion } from '../db/catalog-version.js';
import { beatPagesRoutes, storeOrigin } from './beat-pages.js';
import { registerRobotsTxt } from './robots.js';
import { sitemapRoutes } from './sitemap.js';
import { apiPrefixes, type SendPage } from './web-app.js';

/** Registered with the built web app: without its pages there is nothing to crawl or share. */
export async function registerPublicPages(app: FastifyInstance, deps: Deps, version: CatalogVersion, sendPage: SendPage): Promise<void> {
  registerRobotsTxt(app, apiPrefixes, (request) => storeOrigin(deps, request));
  await app.register(sitemapRoutes(deps, version));
  await app.register(beatPagesRoutes(deps, version, sendPage));
}
