/** /dev/mail (HTML) and /dev/mail.json: the outbox for developers and browser tests. Not registered in production (404). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { devMailSecurityHeaders, outboxListPage, outboxMessagePage } from './dev-mail.page.js';
import { findOutboxMessage, listOutbox } from './dev-mail.service.js';

const outboxQuery = z.object({
  to: z.string().trim().toLowerCase().max(254, 'to must be an e-mail address').optional(),
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 500').max(500, 'limit must be between 1 and 500').default(100),
});

const outboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});

export function devMailRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    if (deps.config.isProduction) return;
    const tags = ['development'];

    app.get(
      '/dev/mail.json',
      { schema: { tags, querystring: outboxQuery, response: { 200: z.object({ messages: z.array(outboxMessage) }) } } },
      async (request, reply) => {
        const rows = await listOutbox(deps, request.query);
        reply.header('Cache-Control', 'no-store');
        return {
          messages: rows.map((row) => ({
            ...row,
            createdAt: row.createdAt.toISOString(),
            sentAt: row.sentAt?.toISOString() ?? null,
          })),
        };
      },
    );

    app.get('/dev/mail', { schema: { tags, querystring: outboxQuery } }, async (request, reply) => {
      const rows = await listOutbox(deps, request.query);
      return reply.headers(devMailSecurityHeaders).type('text/html; charset=utf-8').send(outboxListPage(rows));
    });

    app.get(
      '/dev/mail/:id',
      { schema: { tags, params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        const { id } = request.params;
        const row = z.uuid().safeParse(id).success ? await findOutboxMessage(deps, id) : null;
        if (!row) throw notFound('No such message.');
        return reply.headers(devMailSecurityHeaders).type('text/html; charset=utf-8').send(outboxMessagePage(row));
      },
    );
  };
}
