/**
 * /sitemap.xml (docs/decisions/0020-beat-pages.md): the catalog pages and every listed beat's page, each with the
 * time it last changed. Up to 50,000 addresses it is one file; past that it is a sitemap index naming
 * /sitemaps/1.xml, /sitemaps/2.xml… of at most 50,000 each (the sitemaps.org limit). Built once per catalog version
 * and kept gzipped.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import type { CatalogVersion } from '../db/catalog-version.js';
import { listSitemapBeats, type SitemapBeat } from '../modules/beats/beat-pages.service.js';
import { createVersionedCache } from '../modules/beats/versioned-cache.js';
import type { Sized } from '../lib/byte-lru.js';
import { requestEncoding } from '../lib/compression.js';
import { beatPagePath, escapeHtml, storeOrigin } from './beat-pages.js';

/** The most addresses one sitemap file may hold. */
export const SITEMAP_MAX_URLS = 50_000;
/** The public catalog pages (robots.ts lets crawlers read them); `/beats` is the same page as `/`. */
export const catalogPages = ['/', '/vip', '/exclusives'];
/** Room for the sitemap of 100,000 beats (about 1 MB gzipped) at a few origins. */
const SITEMAP_CACHE_BYTES = 8 * 1024 * 1024;

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

interface SitemapUrl {
  loc: string;
  lastmod: Date | null;
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const namespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const entry = (tag: 'url' | 'sitemap', url: SitemapUrl) =>
  `<${tag}><loc>${escapeHtml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod.toISOString()}</lastmod>` : ''}</${tag}>\n`;

function urlset(urls: SitemapUrl[]): string {
  return `${xmlHead}<urlset xmlns="${namespace}">\n${urls.map((u) => entry('url', u)).join('')}</urlset>\n`;
}

function sitemapIndex(files: SitemapUrl[]): string {
  return `${xmlHead}<sitemapindex xmlns="${namespace}">\n${files.map((f) => entry('sitemap', f)).join('')}</sitemapindex>\n`;
}

/** The sitemap at one version: /sitemap.xml and, past 50,000 addresses, its files; all gzipped. */
class CachedSitemap implements Sized {
  constructor(
    readonly root: Buffer,
    readonly files: Buffer[],
  ) {}
  bytes(): number {
    return this.root.length + this.files.reduce((sum, f) => sum + f.length, 0);
  }
}

const newest = (urls: SitemapUrl[]) =>
  urls.reduce<Date | null>((latest, u) => (u.lastmod && (!latest || u.lastmod > latest) ? u.lastmod : latest), null);

/** Rows per query while building: each query and its part of the XML hold the event loop for a few milliseconds. */
const SITEMAP_CHUNK = 1000;

async function buildSitemap(deps: Deps, origin: string, maxUrls: number, chunkRows: number): Promise<CachedSitemap> {
  const urls: SitemapUrl[] = [];
  let after: SitemapBeat | null = null;
  for (;;) {
    const rows = await listSitemapBeats(deps, after, chunkRows);
    for (const b of rows) urls.push({ loc: `${origin}${beatPagePath(b.slug)}`, lastmod: b.updatedAt });
    if (rows.length < chunkRows) break;
    after = rows[rows.length - 1]!;
    // Let waiting requests run between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // The catalog pages show the listed beats: they changed when the last of them did.
  const changed = newest(urls);
  urls.unshift(...catalogPages.map((p) => ({ loc: `${origin}${p}`, lastmod: changed })));
  if (urls.length <= maxUrls) return new CachedSitemap(await gzip(urlset(urls)), []);
  const files: Buffer[] = [];
  const listed: SitemapUrl[] = [];
  for (let start = 0; start < urls.length; start += maxUrls) {
    const part = urls.slice(start, start + maxUrls);
    files.push(await gzip(urlset(part)));
    listed.push({ loc: `${origin}/sitemaps/${files.length}.xml`, lastmod: newest(part) });
  }
  return new CachedSitemap(await gzip(sitemapIndex(listed)), files);
}

async function sendXml(request: FastifyRequest, reply: FastifyReply, gzipped: Buffer): Promise<FastifyReply> {
  reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').header('vary', 'Accept-Encoding');
  // Every crawler takes gzip; anyone else gets it unpacked.
  if (requestEncoding(request) === 'identity') return reply.send(await gunzip(gzipped));
  return reply.header('content-encoding', 'gzip').send(gzipped);
}

export function sitemapRoutes(deps: Deps, version: CatalogVersion, options: { maxUrls?: number; chunkRows?: number } = {}) {
  const sitemaps = createVersionedCache<CachedSitemap>(version, SITEMAP_CACHE_BYTES);
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  const sitemapOf = (request: FastifyRequest) => {
    const origin = storeOrigin(deps, request);
    return sitemaps.get(origin, () => buildSitemap(deps, origin, maxUrls, options.chunkRows ?? SITEMAP_CHUNK));
  };

  return async (app: FastifyInstance) => {
    app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => sendXml(request, reply, (await sitemapOf(request)).root));

    app.get<{ Params: { file: string } }>('/sitemaps/:file', { schema: { hide: true } }, async (request, reply) => {
      const number = /^([1-9]\d{0,4})\.xml$/.exec(request.params.file)?.[1];
      const file = number ? (await sitemapOf(request)).files[Number(number) - 1] : undefined;
      if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap file.');
      return sendXml(request, reply, file);
    });
  };
}
