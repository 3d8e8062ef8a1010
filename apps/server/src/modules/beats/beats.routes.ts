/** HTTP for the catalog: the spec's full list, the paginated search, and public preview streams. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { beatPageQuery, beatPageResponse, beatsResponse, storeConfigResponse } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { centsToDollars, toBeatDto } from './beat-dto.js';
import { countVipCatalog, getBeat, listAllBeats, listBeatPage } from './beats.service.js';

const beatIdParams = z.object({ beatId: z.string().uuid('beatId is not a valid id') });

export function beatsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/getbeats', { schema: { tags: ['beats'], response: { 200: beatsResponse } } }, async () => {
      const rows = await listAllBeats(deps);
      return { beats: rows.map(toBeatDto) };
    });

    app.get(
      '/api/beats',
      { schema: { tags: ['beats'], querystring: beatPageQuery, response: { 200: beatPageResponse } } },
      async (request) => {
        const page = await listBeatPage(deps, request.query);
        return { beats: page.rows.map(toBeatDto), nextCursor: page.nextCursor };
      },
    );

    app.get(
      '/api/stream/:beatId',
      { schema: { tags: ['beats'], params: beatIdParams } },
      async (request, reply) => {
        const beat = await getBeat(deps, request.params.beatId);
        return sendStoredFile(deps.storage, request, reply, {
          key: beat.previewKey,
          contentType: 'audio/mpeg',
          cacheControl: 'public, max-age=86400',
        });
      },
    );

    app.get('/api/config', { schema: { tags: ['store'], response: { 200: storeConfigResponse } } }, async () => ({
      vipPlanPrice: centsToDollars(deps.config.prices.vipPlanCents),
      stemsPrice: centsToDollars(deps.config.prices.stemsCents),
      leasePrice: centsToDollars(deps.config.prices.leaseCents),
      vipCatalogSize: await countVipCatalog(deps),
    }));
  };
}
