/** HTTP for the catalog: the full list (GET /api/getbeats), the paginated search, public preview streams and their waveforms. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { beatPageQuery, beatPageResponse, beatsResponse, storeConfigResponse, waveformResponse } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { sendCachedJson } from '../../lib/cached-json.js';
import { getPreviewFiles } from './beats.service.js';
import { createCatalogCache } from './catalog-cache.js';
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

function countPreviewRequest(deps: Deps, address: string): void {
  for (const rule of previewLimits) deps.limiter.hit(rule, `${rule.windowMs}:${address}`);
}

/** A link naming the current render may be cached long; anything else briefly, and an owner's grant privately. */
function previewCacheControl(renderKey: string | null, v: string | undefined, granted: boolean): string {
  if (granted) return 'private, max-age=3600';
  return renderKey && v === renderKey.slice(0, 12) ? 'public, max-age=86400' : 'public, max-age=60';
}

export function beatsRoutes(deps: Deps): FastifyPluginAsyncZod {
  // The public catalog's answers are the same for every caller: cached by catalog version (docs/decisions/0016-catalog-cache.md).
  const catalog = createCatalogCache(deps);
  return async (app) => {
    // The whole catalog in one answer; clients page through /api/beats instead.
    app.get('/api/getbeats', { schema: { tags: ['beats'], response: { 200: beatsResponse } } }, async (request, reply) =>
      sendCachedJson(request, reply, await catalog.all()),
    );

    app.get(
      '/api/beats',
      { schema: { tags: ['beats'], querystring: beatPageQuery, response: { 200: beatPageResponse } } },
      async (request, reply) => sendCachedJson(request, reply, await catalog.page(request.query)),
    );

    app.get(
      '/api/stream/:beatId',
      { schema: { tags: ['beats'], params: beatIdParams, querystring: previewQuery } },
      async (request, reply) => {
        countPreviewRequest(deps, request.ip);
        const { beatId } = request.params;
        const granted = await isValidListenGrant(deps, beatId, request.query.grant);
        const files = await getPreviewFiles(deps, beatId, granted);
        return sendStoredFile(deps.storage, request, reply, {
          key: files.previewKey!,
          contentType: 'audio/mpeg',
          cacheControl: previewCacheControl(files.renderKey, request.query.v, granted),
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
      sendCachedJson(request, reply, await catalog.config()),
    );
  };
}
