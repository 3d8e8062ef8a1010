/** HTTP for the store's pages and the /vip intro video: read by everyone, written by admins in Store settings (docs/product/store-pages.md). */
import type { Readable } from 'node:stream';
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
import { checkFormPart } from '../../lib/text-input.js';
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
        // Asked again on every visit, answered 304 while the page is unchanged.
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
      return sendStoredFile(deps.storage, request, reply, { ...file, cacheControl: 'public, max-age=300' });
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

type FormPart =
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated?: boolean }
  | { type: 'file'; fieldname: string; filename: string; file: Readable };

async function drain(stream: Readable): Promise<void> {
  stream.resume();
  if (stream.readableEnded || stream.destroyed) return;
  await new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

/** Reads the whole form (so the client always gets the answer), storing each known part; the first failure is thrown after, and nothing stays stored. */
async function readIntroForm(deps: Deps, parts: AsyncIterable<unknown>): Promise<Partial<Record<IntroVideoPart, StoredPart>>> {
  const stored: Partial<Record<IntroVideoPart, StoredPart>> = {};
  let failure: unknown = null;
  try {
    for await (const raw of parts) {
      const part = raw as FormPart;
      if (part.type === 'field') continue;
      const kind = partOfField(part.fieldname);
      if (failure || part.filename === '') {
        await drain(part.file);
        continue;
      }
      try {
        checkFormPart(part);
        if (!kind) throw badRequest(`Unexpected file field "${part.fieldname}": use ${Object.values(introVideoFields).join(', ')}.`);
        if (stored[kind]) throw badRequest(`Send one ${part.fieldname} at most.`);
        stored[kind] = await storeIntroPart(deps, kind, part.file);
      } catch (error) {
        failure = error;
        await drain(part.file);
      }
    }
  } catch (error) {
    failure ??= error;
  }
  if (failure) {
    await Promise.all(Object.values(stored).map((p) => deps.storage.delete(p.key).catch(() => undefined)));
    throw failure;
  }
  return stored;
}
