/** HTTP for the admin area's audit log (behind the admin guard: registered as one of the admin area's routes). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPageQuery, auditPageResponse } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { listAudit } from './audit.service.js';

export function auditRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/audit',
      { schema: { tags: ['admin'], security: [{ bearer: [] }], querystring: adminPageQuery.omit({ q: true }), response: { 200: auditPageResponse } } },
      async (request) => {
        const { page, pageSize } = request.query;
        const { entries, total, nextCursor } = await listAudit(deps, page, pageSize, request.query.cursor);
        return { entries, total, page, pageSize, nextCursor };
      },
    );
  };
}
