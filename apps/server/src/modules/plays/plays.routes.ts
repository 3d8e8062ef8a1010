import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playBody, playResponse } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { unauthorized } from '../../lib/errors.js';
import { optionalAuth, userByIdFor } from '../auth/auth.hooks.js';
import { recordPlay } from './plays.service.js';

export function playsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/play',
      { preHandler: optionalAuth(deps), schema: { tags: ['beats'], body: playBody, response: { 200: playResponse } } },
      async (request) => {
        const { userId, beatId, playbackTime } = request.body;
        const caller = request.caller;
        // A play may be reported by a visitor; one that names a user must come from that user.
        if (userId) {
          if (!caller) throw unauthorized();
          await userByIdFor(deps, caller, userId);
        }
        const listenerId = userId ?? caller?.user.id;
        const counted = await recordPlay(deps, beatId, listenerId ? { userId: listenerId } : { address: request.ip }, playbackTime);
        return { counted };
      },
    );
  };
}
