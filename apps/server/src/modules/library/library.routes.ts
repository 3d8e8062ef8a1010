/** HTTP for the library: GET /api/users/{userId}/library (docs/product/library.md), the account's owner or an admin only. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { id, libraryQuery, libraryResponse } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { callerOf, requireAuth, userByIdFor } from '../auth/auth.hooks.js';
import { libraryPage } from './library.service.js';

const userIdParams = z.object({ userId: id('userId') });

export function libraryRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users/:userId/library',
      {
        preHandler: requireAuth(deps),
        schema: {
          tags: ['downloads'],
          security: [{ bearer: [] }],
          params: userIdParams,
          querystring: libraryQuery,
          response: { 200: libraryResponse },
        },
      },
      async (request) => {
        const user = await userByIdFor(deps, callerOf(request), request.params.userId);
        return libraryPage(deps, user, request.query);
      },
    );
  };
}
