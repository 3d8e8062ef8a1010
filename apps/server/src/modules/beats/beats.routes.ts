/** HTTP for the catalog: the full list (GET /api/getbeats), the paginated search, public preview streams and their waveforms. */
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  beatDetailResponse,
  beatFacetsResponse,
  beatFilterQuery,
  beatPageQuery,
  beatPageResponse,
  beatSlugParams,
  beatsResponse,
  storeConfigResponse,
  waveformResponse,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { CatalogVersion } from '../../db/catalog-version.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { sendCachedJson } from '../../lib/cached-json.js';
import { getPreviewFiles } from './beats.service.js';
import { createCatalogCache } from './catalog-cache.js';
import { createBeatDetailCache } from './beat-page-cache.js';
import { artworkSourceOf } from './beat-pages.service.js';
import { artworkPng } from './artwork-image.js';
import { ByteLru } from '../../lib/byte-lru.js';
import { isValidListenGrant } from './preview-links.js';
import { notFound } from '../../lib/errors.js';
import type { LimitRule } from '../../lib/rate-limiter.js';

const beatIdParams = z.object({ beatId: z.string().uuid('beatId is not a valid id') });
const previewQuery = z.object({
  /** The render the link names (cache busting); any value serves the current preview. */
  v: z.string().max(64).optional(),
  /** An owner's signed grant (preview-links.ts). */
  grant: z.string().max(100).optional(),
});

/** Generous for listening — skipping through 50 previews a minute never meets it — but it slows a scraper down. */
const previewLimits: LimitRule[] = [
  { name: 'preview requests', max: 300, windowMs: 60_000, scales: true },
  { name: 'preview requests', max: 6000, windowMs: 3_600_000, scales: true },
];

async function countPreviewRequest(deps: Deps, address: string): Promise<void> {
  for (const rule of previewLimits) await deps.limiter.hit(rule, `${rule.windowMs}:${address}`);
}

/** A link naming the current render may be cached long; anything else briefly, and an owner's grant privately. */
function previewCacheControl(renderKey: string | null, v: string | undefined, granted: boolean): string {
  if (granted) return 'private, max-age=3600';
  return renderKey && v === renderKey.slice(0, 12) ? 'public, max-age=86400' : 'public, max-age=60';
}

const ARTWORK_CACHE_BYTES = 8 * 1024 * 1024;

/** A JSON response serialised already, in its schema's shape (beat-page-cache.ts); play counts change without a new catalog version. */
function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(json);
}

export function beatsRoutes(deps: Deps, version: CatalogVersion): FastifyPluginAsyncZod {
  // The public catalog's responses are the same for every caller: cached by catalog version (docs/decisions/0016-catalog-cache.md).
  const catalog = createCatalogCache(deps, { version });
  const details = createBeatDetailCache(deps, version);
  // Rendered on the first request (tens of milliseconds), then kept: about 50 KB each.
  const artworks = new ByteLru<{ png: Buffer; bytes(): number }>(ARTWORK_CACHE_BYTES);
  return async (app) => {
    // The link previews' image of a listed beat (og:image): its generated cover art.
    app.get('/api/beats/:beatId/artwork.png', { schema: { tags: ['beats'], params: beatIdParams } }, async (request, reply) => {
      await countPreviewRequest(deps, request.ip);
      const beat = await artworkSourceOf(deps, request.params.beatId);
      const key = `${beat.id}\n${beat.title}`;
      let artwork = artworks.get(key);
      if (!artwork) {
        const png = artworkPng(beat.id, beat.title);
        artwork = { png, bytes: () => png.length };
        artworks.set(key, artwork);
      }
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(artwork.png);
    });

    // A beat's page (docs/decisions/0020-beat-pages.md): its current slug or one it had before a rename.
    app.get(
      '/api/beats/slug/:slug',
      { schema: { tags: ['beats'], params: beatSlugParams, response: { 200: beatDetailResponse } } },
      async (request, reply) => {
        const detail = await details.detail(request.params.slug);
        if (detail === null) throw notFound('There is no beat at this address: it may have been sold or removed.');
        return sendJsonText(reply, detail);
      },
    );

    // The whole catalog in one response; clients page through /api/beats instead.
    app.get('/api/getbeats', { schema: { tags: ['beats'], response: { 200: beatsResponse } } }, async (request, reply) =>
      sendCachedJson(request, reply, catalog.all()),
    );

    app.get(
      '/api/beats',
      { schema: { tags: ['beats'], querystring: beatPageQuery, response: { 200: beatPageResponse } } },
      async (request, reply) => sendCachedJson(request, reply, catalog.page(request.query)),
    );

    app.get(
      '/api/beats/facets',
      { schema: { tags: ['beats'], querystring: beatFilterQuery, response: { 200: beatFacetsResponse } } },
      async (request, reply) => sendCachedJson(request, reply, catalog.facets(request.query)),
    );

    app.get(
      '/api/stream/:beatId',
      { schema: { tags: ['beats'], params: beatIdParams, querystring: previewQuery } },
      async (request, reply) => {
        await countPreviewRequest(deps, request.ip);
        const { beatId } = request.params;
        const granted = await isValidListenGrant(deps, beatId, request.query.grant);
        const files = await getPreviewFiles(deps, beatId, granted);
        return sendStoredFile(deps.storage, request, reply, {
          key: files.previewKey!,
          contentType: 'audio/mpeg',
          cacheControl: previewCacheControl(files.renderKey, request.query.v, granted),
          // An owner's grant to an unreleased beat is streamed: a shared URL would outlive the grant's checks.
          redirect: granted ? undefined : { kind: 'public', now: deps.clock.now() },
        });
      },
    );

    app.get(
      '/api/beats/:beatId/waveform',
      { schema: { tags: ['beats'], params: beatIdParams, querystring: previewQuery, response: { 200: waveformResponse } } },
      async (request, reply) => {
        const { beatId } = request.params;
        const granted = await isValidListenGrant(deps, beatId, request.query.grant);
        const files = await getPreviewFiles(deps, beatId, granted);
        if (!files.waveformKey) throw notFound('This beat has no waveform yet.');
        return sendStoredFile(deps.storage, request, reply, {
          key: files.waveformKey,
          contentType: 'application/json; charset=utf-8',
          cacheControl: previewCacheControl(files.renderKey, request.query.v, granted),
        });
      },
    );

    app.get('/api/config', { schema: { tags: ['store'], response: { 200: storeConfigResponse } } }, async (request, reply) =>
      sendCachedJson(request, reply, catalog.config()),
    );
  };
}
