import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { beatsResponse, messageResponse, messages, userBeatBody } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { assertSelfOrAdmin, callerOf, requireAuth, userByIdFor } from '../auth/auth.hooks.js';
import { toBeatDto } from '../beats/beat-dto.js';
import { addFavorite, listFavorites, removeFavorite } from './favorites.service.js';

const userIdParams = z.object({ userId: z.string().uuid('userId is not a valid id') });
const secured = { tags: ['favorites'], security: [{ bearer: [] }] };

export function favoritesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(deps);

    app.post(
      '/api/favorites',
      { preHandler: auth, schema: { ...secured, body: userBeatBody, response: { 200: messageResponse } } },
      async (request) => {
        await userByIdFor(deps, callerOf(request), request.body.userId);
        const beat = await addFavorite(deps, request.body.userId, request.body.beatId);
        return { message: messages.addedToFavorites(beat.title) };
      },
    );

    app.delete(
      '/api/favorites',
      { preHandler: auth, schema: { ...secured, body: userBeatBody, response: { 200: messageResponse } } },
      async (request) => {
        assertSelfOrAdmin(callerOf(request), request.body.userId);
        await removeFavorite(deps, request.body.userId, request.body.beatId);
        return { message: 'Removed from favorites' };
      },
    );

    app.get(
      '/api/favorites/:userId',
      { preHandler: auth, schema: { ...secured, params: userIdParams, response: { 200: beatsResponse } } },
      async (request) => {
        assertSelfOrAdmin(callerOf(request), request.params.userId);
        const rows = await listFavorites(deps, request.params.userId);
        return { beats: rows.map(toBeatDto) };
      },
    );
  };
}
