/** HTTP for download links: make one (POST /api/download, logged in), fetch one (GET /api/download/{token}, the link alone), and the DTO's file routes. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadBody, downloadLinkResponse, fileTypeSchema } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { callerOf, requireAuth } from '../auth/auth.hooks.js';
import { createDownloadLink, recordDownload, resolveDownloadLink } from './downloads.service.js';

const secured = { tags: ['downloads'], security: [{ bearer: [] }] };
const tokenParams = z.object({ token: z.string().min(1).max(400, 'This download link is not valid.') });
const fileParams = z.object({
  beatId: z.string().uuid('beatId is not a valid id'),
  fileType: fileTypeSchema,
});

export function downloadsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(deps);

    app.post(
      '/api/download',
      { preHandler: auth, schema: { ...secured, body: downloadBody, response: { 200: downloadLinkResponse } } },
      async (request) => {
        const caller = callerOf(request);
        // A link is for the account that fetches it, so it is only ever made for the caller (admins included).
        if (request.body.userId !== caller.user.id) throw forbidden('You can only download files for your own account.');
        const link = await createDownloadLink(deps, caller, request.body.beatId, request.body.fileType);
        return { url: link.url, expiresAt: link.expiresAt.toISOString(), fileName: link.fileName };
      },
    );

    app.get(
      '/api/download/:token',
      {
        schema: {
          tags: ['downloads'],
          description: 'The file a signed link names. The link is the credential: no Authorization header (docs/security.md#download-links).',
          params: tokenParams,
        },
      },
      async (request, reply) => {
        // Set first, so refusals carry them too: the link never leaks through a Referer, and nothing keeps a copy.
        reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'private, no-store');
        const file = await resolveDownloadLink(deps, request.params.token);
        const stat = await deps.storage.stat(file.key);
        if (!stat) throw notFound('This file is not available.');
        // One row per download: a resumed transfer (a Range that does not start at byte 0) or a HEAD is not a new one.
        const range = request.headers.range?.trim();
        if (request.method === 'GET' && (!range || /^bytes=0-/.test(range))) {
          await recordDownload(deps, file.userId, file.beat.id, file.fileType);
        }
        return sendStoredFile(deps.storage, request, reply, {
          key: file.key,
          contentType: file.contentType,
          cacheControl: 'private, no-store',
          downloadName: file.fileName,
          redirect: { kind: 'private', now: deps.clock.now(), notAfter: file.expiresAt },
          stat,
        });
      },
    );

    app.get(
      '/api/beats/:beatId/files/:fileType',
      { preHandler: auth, schema: { ...secured, params: fileParams } },
      async (request, reply) => {
        const link = await createDownloadLink(deps, callerOf(request), request.params.beatId, request.params.fileType);
        // The signed link needs no header, so `fetch`, a browser or curl -L with the header lands on the file.
        return reply.header('Cache-Control', 'no-store').redirect(link.url, 302);
      },
    );
  };
}
