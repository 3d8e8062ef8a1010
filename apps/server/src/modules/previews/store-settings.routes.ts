/** HTTP for the admin's Store settings: the audio tag (upload, hear, reset) and where it goes; responses carry the re-render progress. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEGABYTE, saleNoticesBody, storeSettingsResponse, tagFileField, tagPlacementBody } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { checkFormPart } from '../../lib/text-input.js';
import { AudioFileError, inspectTag } from '../../audio/inspect.js';
import { callerOf } from '../auth/auth.hooks.js';
import { newTagKey, replaceTag, setSaleNotices, storeSettingsView, updateTagPlacement } from './store-settings.service.js';
import { builtInTagWav, readStoreSettings } from './tag.js';

const TAG_MAX_BYTES = 20 * MEGABYTE;
const security = [{ bearer: [] }];
const schema = { tags: ['admin'], security, response: { 200: storeSettingsResponse } };

export function storeSettingsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/store-settings', { schema }, () => storeSettingsView(deps));

    app.put('/api/admin/store-settings/sale-notices', { schema: { ...schema, body: saleNoticesBody } }, async (request) => {
      await setSaleNotices(deps, callerOf(request).user, request.body.enabled);
      return storeSettingsView(deps);
    });

    app.put('/api/admin/store-settings/placement', { schema: { ...schema, body: tagPlacementBody } }, async (request) => {
      await updateTagPlacement(deps, callerOf(request).user, request.body);
      return storeSettingsView(deps);
    });

    app.put(
      '/api/admin/store-settings/tag',
      { schema: { ...schema, description: `multipart/form-data with one ${tagFileField}: MP3 or WAV, at most 30 s and 20 MB.` } },
      async (request) => {
        if (!request.isMultipart()) throw badRequest(`Send the tag as multipart/form-data with a ${tagFileField}.`);
        const part = await request.file({ limits: { fileSize: TAG_MAX_BYTES, files: 1 } });
        if (!part || part.fieldname !== tagFileField || part.filename === '') {
          part?.file.resume();
          throw badRequest('Choose a tag file (MP3 or WAV) to upload.');
        }
        try {
          checkFormPart(part);
        } catch (error) {
          part.file.resume();
          throw error;
        }
        const key = newTagKey();
        try {
          await deps.storage.put(key, part.file);
          if (part.file.truncated) throw badRequest('The tag file is larger than 20 MB.');
          const info = await inspectTag(() => deps.storage.read(key));
          await replaceTag(deps, callerOf(request).user, { key, fileName: part.filename.slice(0, 200), info });
        } catch (error) {
          await deps.storage.delete(key).catch(() => undefined);
          if (error instanceof AudioFileError) throw badRequest(error.message);
          throw error;
        }
        return storeSettingsView(deps);
      },
    );

    app.delete('/api/admin/store-settings/tag', { schema }, async (request) => {
      await replaceTag(deps, callerOf(request).user, null);
      return storeSettingsView(deps);
    });

    app.get('/api/admin/store-settings/tag', { schema: { tags: ['admin'], security } }, async (request, reply) => {
      const settings = await readStoreSettings(deps.db);
      if (!settings.tagKey) {
        return reply.header('Content-Type', 'audio/wav').header('Cache-Control', 'private, no-store').send(builtInTagWav());
      }
      return sendStoredFile(deps.storage, request, reply, {
        key: settings.tagKey,
        contentType: settings.tagInfo?.format === 'mp3' ? 'audio/mpeg' : 'audio/wav',
        cacheControl: 'private, no-store',
      });
    });
  };
}
