/**
 * Every /api/admin/* call, behind one guard. The guard runs at onRequest, before the body is read or
 * validated: a visitor's upload is refused before a byte of it is stored, and the response is always 401/403.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { beatFileRules, MEGABYTE } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { requireAdmin } from './admin.hooks.js';
import { adminBeatsRoutes } from './admin-beats.routes.js';
import { adminUsersRoutes } from './admin-users.routes.js';
import { analyticsRoutes } from './analytics.routes.js';

/** `areaRoutes`: other modules' admin screens (audit log, store settings), put behind the same guard by the app. */
export function adminRoutes(deps: Deps, areaRoutes: FastifyPluginAsync[] = []): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin(deps));
    // Scoped to this plugin. Per-file limits are checked while streaming (beat-uploads.ts); these are the outer bounds.
    await app.register(fastifyMultipart, {
      limits: {
        fileSize: beatFileRules.stems.maxBytes + MEGABYTE,
        files: 3,
        fields: 20,
        parts: 30,
        fieldSize: 4096,
      },
    });

    await app.register(adminBeatsRoutes(deps));
    await app.register(adminUsersRoutes(deps));
    await app.register(analyticsRoutes(deps));
    for (const routes of areaRoutes) await app.register(routes);
  };
}
