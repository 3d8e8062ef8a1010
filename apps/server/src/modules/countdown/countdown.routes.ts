/** HTTP for the countdown nudge (docs/product/offers-and-prices.md#countdown): POST /api/changebeattype. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeBeatTypeBody, changeBeatTypeResponse } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { LimitRule } from '../../lib/rate-limiter.js';
import { toBeatDto } from '../beats/beat-dto.js';
import { nudgeCountdown } from './countdown.service.js';

const nudgesPerAddress: LimitRule = { name: 'beat type requests', max: 60, windowMs: 60_000, scales: true };

export function countdownRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: visitors' pages run the countdown too, and the call can only apply the server's own rule.
    app.post(
      '/api/changebeattype',
      { schema: { tags: ['beats'], body: changeBeatTypeBody, response: { 200: changeBeatTypeResponse } } },
      async (request) => {
        deps.limiter.hit(nudgesPerAddress, request.ip);
        const { changed, beat } = await nudgeCountdown(deps, request.body.beatId);
        return { changed, beat: toBeatDto(beat) };
      },
    );
  };
}
