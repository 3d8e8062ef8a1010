/** HTTP for the store's pages and the /vip intro video: read by everyone, written by admins in Store settings (docs/product/store-pages.md). */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  introVideoFields,
  introVideoResponse,
  storePageBody,
  storePageParams,
  storePageResponse,
  storePagesResponse,
  type IntroVideoPart,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { readMultipartForm } from '../../lib/multipart-form.js';
import { callerOf } from '../auth/auth.hooks.js';
import { storeIntroPart, type StoredPart } from './intro-video-files.js';
import { introFile, introVideoView, replaceIntroVideo } from './intro-video.service.js';
import { listStorePages, readStorePage, saveStorePage } from './store-pages.service.js';

const security = [{ bearer: [] }];
const introFileParams = z.object({ file: z.enum(['video', 'poster', 'captions'], { error: 'Ask for the video, poster or captions.' }) });

/** What everyone reads: a page's Markdown, and the intro video with its poster and captions (with Range support). */
export function storePagesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/store-pages/:slug',
      { schema: { tags: ['store'], params: storePageParams, response: { 200: storePageResponse } } },
      async (request, reply) => {
        const page = await readStorePage(deps, request.params.slug);
        // Asked again on every visit, served as 304 while the page is unchanged.
        const etag = `"${page.slug}-${Date.parse(page.updatedAt).toString(16)}"`;
        reply.header('Cache-Control', 'no-cache').header('ETag', etag);
        if (request.headers['if-none-match'] === etag) return (reply as FastifyReply).code(304).send();
        return page;
      },
    );

    app.get('/api/intro-video', { schema: { tags: ['store'], response: { 200: introVideoResponse } } }, async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return introVideoView(deps);
    });

    app.get('/api/intro-video/:file', { schema: { tags: ['store'], params: introFileParams } }, async (request, reply) => {
      const file = await introFile(deps, request.params.file);
      // Links carry the version (?v=), so a short cache never shows an old video for long.
      // Captions are streamed: a <track> from another origin would need the bucket to allow this site (CORS).
      const redirect = file.contentType.startsWith('text/') ? undefined : ({ kind: 'public', now: deps.clock.now() } as const);
      return sendStoredFile(deps.storage, request, reply, { ...file, cacheControl: 'public, max-age=300', redirect });
    });
  };
}

/** Registered inside the admin area (its guard and multipart limits). */
export function storePagesAdminRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/store-pages', { schema: { tags: ['admin'], security, response: { 200: storePagesResponse } } }, async () => ({
      pages: await listStorePages(deps),
    }));

    app.put(
      '/api/admin/store-pages/:slug',
      { schema: { tags: ['admin'], security, params: storePageParams, body: storePageBody, response: { 200: storePageResponse } } },
      (request) => saveStorePage(deps, callerOf(request).user, request.params.slug, request.body.body),
    );

    app.put(
      '/api/admin/intro-video',
      {
        schema: {
          tags: ['admin'],
          security,
          description: `multipart/form-data: ${introVideoFields.video} (MP4 or WebM, 50 MB), ${introVideoFields.poster} (JPEG, PNG or WebP, 5 MB), optional ${introVideoFields.captions} (WebVTT).`,
          response: { 200: introVideoResponse },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw badRequest(`Send the video as multipart/form-data with a ${introVideoFields.video} and a ${introVideoFields.poster}.`);
        const stored = await readIntroForm(deps, request.parts());
        if (!stored.video || !stored.poster) {
          await Promise.all(Object.values(stored).map((p) => deps.storage.delete(p.key).catch(() => undefined)));
          throw badRequest(stored.video ? 'Choose a poster image (JPEG, PNG or WebP) for the video.' : 'Choose a video file (MP4 or WebM) to upload.');
        }
        try {
          return await replaceIntroVideo(deps, callerOf(request).user, { video: stored.video, poster: stored.poster, captions: stored.captions });
        } catch (error) {
          await Promise.all(Object.values(stored).map((p) => deps.storage.delete(p.key).catch(() => undefined)));
          throw error;
        }
      },
    );
  };
}

const partOfField = (field: string): IntroVideoPart | null =>
  (Object.entries(introVideoFields) as [IntroVideoPart, string][]).find(([, name]) => name === field)?.[0] ?? null;

/** Reads the whole form (so the client always gets the response), storing each known part; nothing stays stored after a failure. */
async function readIntroForm(deps: Deps, parts: AsyncIterable<unknown>): Promise<Partial<Record<IntroVideoPart, StoredPart>>> {
  const read = await readMultipartForm<IntroVideoPart, StoredPart>(parts, {
    kindOf: partOfField,
    unexpected: (field) => badRequest(`Unexpected file field "${field}": use ${Object.values(introVideoFields).join(', ')}.`),
    duplicate: (_kind, field) => badRequest(`Send one ${field} at most.`),
    store: (kind, file) => storeIntroPart(deps, kind, file),
    discard: (stored) => deps.storage.delete(stored.key).catch(() => undefined),
  });
  return read.files;
}
