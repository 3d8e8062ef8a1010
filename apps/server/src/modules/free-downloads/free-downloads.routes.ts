/**
 * HTTP for free downloads (docs/product/free-downloads.md): the request on a free beat, the e-mailed download and
 * unsubscribe links (the links are the credentials), and the admin's Leads list and CSV (behind the admin guard).
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { freeDownloadBody, freeDownloadResponse, leadsPageResponse, leadsQuery } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { confirmPage, donePage, refusedPage, sendUnsubscribePage } from './unsubscribe-page.js';
import { leadsCsv, listLeads, requestFreeDownload, resolveFreeDownload, unsubscribe, unsubscribeLeadOf } from './free-downloads.service.js';

const beatParams = z.object({ beatId: z.string().uuid('beatId is not a valid id') });
const tokenParams = z.object({ token: z.string().min(1).max(100, 'This link is not valid.') });
const tags = ['free downloads'];

export function freeDownloadsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    // The unsubscribe page's button posts an empty form.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

    app.post(
      '/api/beats/:beatId/free-download',
      { schema: { tags, params: beatParams, body: freeDownloadBody, response: { 202: freeDownloadResponse } } },
      async (request, reply) => {
        const { message } = await requestFreeDownload(deps, { beatId: request.params.beatId, ...request.body, address: request.ip });
        return reply.code(202).send({ message });
      },
    );

    app.get(
      '/api/free-downloads/:token',
      {
        schema: {
          tags,
          description: 'The tagged MP3 an e-mailed free-download link names, for 24 hours; a GET confirms the mailing-list consent.',
          params: tokenParams,
        },
      },
      async (request, reply) => {
        reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'private, no-store');
        const file = await resolveFreeDownload(deps, request.params.token, request.method === 'GET');
        return sendStoredFile(deps.storage, request, reply, {
          key: file.key,
          contentType: 'audio/mpeg',
          cacheControl: 'private, no-store',
          downloadName: file.fileName,
          redirect: { kind: 'private', now: deps.clock.now(), notAfter: file.expiresAt },
        });
      },
    );

    // GET asks (a mail scanner following links unsubscribes nobody); POST unsubscribes.
    app.get('/api/unsubscribe/:token', { schema: { tags, params: tokenParams, hide: true } }, async (request, reply) => {
      try {
        const lead = await unsubscribeLeadOf(deps, request.params.token);
        const page = lead.unsubscribedAt ? donePage(lead.email) : confirmPage(lead.email);
        return sendUnsubscribePage(reply, 200, page.title, page.body);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const page = refusedPage(error.message);
        return sendUnsubscribePage(reply, error.status, page.title, page.body);
      }
    });

    app.post('/api/unsubscribe/:token', { schema: { tags, params: tokenParams, hide: true } }, async (request, reply) => {
      try {
        const email = await unsubscribe(deps, request.params.token);
        const page = donePage(email);
        return sendUnsubscribePage(reply, 200, page.title, page.body);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const page = refusedPage(error.message);
        return sendUnsubscribePage(reply, error.status, page.title, page.body);
      }
    });
  };
}

/** The admin's Leads screen and its CSV; registered among the admin area's routes, behind its guard. */
export function leadsAdminRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const security = [{ bearer: [] }];
    app.get(
      '/api/admin/leads',
      { schema: { tags: ['admin'], security, querystring: leadsQuery, response: { 200: leadsPageResponse } } },
      async (request) => {
        const { page, pageSize } = request.query;
        return { ...(await listLeads(deps, request.query)), page, pageSize };
      },
    );

    // Sent as it is made (not compressed): a failure after the first byte must reach the browser as a cut connection.
    app.get('/api/admin/leads.csv', { compress: false, schema: { tags: ['admin'], security, produces: ['text/csv'] } }, async (request, reply) => {
      const day = deps.clock.now().toISOString().slice(0, 10);
      const csv = Readable.from(leadsCsv(deps));
      // After the first byte a failure can only cut the connection: never a short file that looks complete.
      csv.on('error', (error) => {
        if (!reply.raw.headersSent) return;
        request.log.error({ err: error }, 'Leads CSV export failed part-way; the download was cut off');
        reply.raw.destroy();
      });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="beat-market-leads-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    });
  };
}
