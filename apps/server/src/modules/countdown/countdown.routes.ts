/**
 * HTTP for countdowns (docs/product/offers-and-prices.md#countdown): the nudge POST /api/changebeattype, the catalog's
 * version that open pages poll (GET /api/catalog/version), and the server's clock on every response (X-Server-Time).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogVersionResponse, changeBeatTypeBody, changeBeatTypeResponse, SERVER_TIME_HEADER } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { CatalogVersion } from '../../db/catalog-version.js';
import type { LimitRule } from '../../lib/rate-limiter.js';
import { matchesEtag } from '../../lib/cached-json.js';
import { toBeatDto } from '../beats/beat-dto.js';
import { isBuildFile } from '../../web/security-headers.js';
import { createLiveCatalog, nudgeCountdown } from './countdown.service.js';

const nudgesPerAddress: LimitRule = { name: 'beat type requests', max: 60, windowMs: 60_000, scales: true };

/**
 * Every response carries the server's clock in milliseconds, set as it is sent (never part of a cached body), so a
 * page measures its offset from any response and its countdowns end by the server's time. The build's scripts,
 * styles and fonts, which browsers keep for a year, would carry a stale clock: they go without.
 */
export function registerServerTime(app: FastifyInstance, deps: Pick<Deps, 'clock'>): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!isBuildFile(reply)) reply.header(SERVER_TIME_HEADER, String(deps.clock.now().getTime()));
    return payload;
  });
}

export function countdownRoutes(deps: Deps, catalogVersion: CatalogVersion): FastifyPluginAsyncZod {
  const live = createLiveCatalog(deps, catalogVersion);
  return async (app) => {
    // Public: visitors' pages run the countdown too, and the call can only apply the server's own rule.
    app.post(
      '/api/changebeattype',
      { schema: { tags: ['beats'], body: changeBeatTypeBody, response: { 200: changeBeatTypeResponse } } },
      async (request) => {
        await deps.limiter.hit(nudgesPerAddress, request.ip);
        const { changed, beat } = await nudgeCountdown(deps, request.body.beatId);
        return { changed, beat: toBeatDto(beat) };
      },
    );

    // Polled by every open page every few seconds: served from memory, 304 while the version is unchanged.
    app.get(
      '/api/catalog/version',
      { schema: { tags: ['beats'], response: { 200: catalogVersionResponse, 304: z.null().describe('Unchanged since the ETag sent') } } },
      async (request, reply) => {
        const version = await live.version();
        const tag = `v${version}`;
        reply.header('cache-control', 'no-cache').header('etag', `"${tag}"`);
        if (matchesEtag(request.headers['if-none-match'], tag)) return reply.code(304).send(null);
        return { version };
      },
    );
  };
}
