/** HTTP for beats management: list, read, add and edit (multipart with files), unpublish, publish, delete. */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBeatResponse, adminBeatsQuery, adminBeatsResponse, messageResponse } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { callerOf } from '../auth/auth.hooks.js';
import { readBeatForm, type BeatForm, type FormPart } from './beat-uploads.js';
import {
  createAdminBeat,
  deleteAdminBeat,
  getAdminBeat,
  listAdminBeats,
  retryBeatPreview,
  setBeatPublished,
  toAdminBeatDto,
  updateAdminBeat,
} from './admin-beats.service.js';

const beatIdParams = z.object({ beatId: z.string().uuid('beatId is not a valid id') });
const security = [{ bearer: [] }];

function readForm(deps: Deps, request: FastifyRequest): Promise<BeatForm> {
  if (!request.isMultipart()) {
    throw badRequest('Send the beat as multipart/form-data: its fields, an mp3File or a wavFile (or both) and optionally a stemsFile.');
  }
  return readBeatForm(deps, request.parts() as AsyncIterable<FormPart>);
}

export function adminBeatsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/beats',
      { schema: { tags: ['admin'], security, querystring: adminBeatsQuery, response: { 200: adminBeatsResponse } } },
      async (request) => {
        const { page, pageSize } = request.query;
        const { rows, total, nextCursor } = await listAdminBeats(deps, request.query);
        return { beats: rows.map(toAdminBeatDto), total, page, pageSize, nextCursor };
      },
    );

    app.get(
      '/api/admin/beats/:beatId',
      { schema: { tags: ['admin'], security, params: beatIdParams, response: { 200: adminBeatResponse } } },
      async (request) => ({ beat: toAdminBeatDto(await getAdminBeat(deps, request.params.beatId)) }),
    );

    app.post(
      '/api/admin/beats',
      {
        schema: {
          tags: ['admin'],
          security,
          description: 'multipart/form-data: the beat fields, mp3File (up to 50 MB) or wavFile (300 MB; the MP3 buyers download is then made from it: 320 kbps stereo, 44.1 kHz), stemsFile (ZIP, 1 GB).',
          response: { 201: adminBeatResponse },
        },
      },
      async (request, reply) => {
        const form = await readForm(deps, request);
        const beat = await createAdminBeat(deps, callerOf(request).user, form);
        return reply.code(201).send({ beat: toAdminBeatDto(beat) });
      },
    );

    app.put(
      '/api/admin/beats/:beatId',
      {
        schema: {
          tags: ['admin'],
          security,
          params: beatIdParams,
          description: 'multipart/form-data: every beat field; each file sent replaces that file.',
          response: { 200: adminBeatResponse },
        },
      },
      async (request) => {
        const form = await readForm(deps, request);
        const beat = await updateAdminBeat(deps, callerOf(request).user, request.params.beatId, form);
        return { beat: toAdminBeatDto(beat) };
      },
    );

    for (const [action, published] of [
      ['publish', true],
      ['unpublish', false],
    ] as const) {
      app.post(
        `/api/admin/beats/:beatId/${action}`,
        { schema: { tags: ['admin'], security, params: beatIdParams, response: { 200: adminBeatResponse } } },
        async (request) => {
          const beat = await setBeatPublished(deps, callerOf(request).user, request.params.beatId, published);
          return { beat: toAdminBeatDto(beat) };
        },
      );
    }

    app.post(
      '/api/admin/beats/:beatId/render',
      { schema: { tags: ['admin'], security, params: beatIdParams, response: { 200: adminBeatResponse } } },
      async (request) => ({ beat: toAdminBeatDto(await retryBeatPreview(deps, request.params.beatId)) }),
    );

    app.delete(
      '/api/admin/beats/:beatId',
      { schema: { tags: ['admin'], security, params: beatIdParams, response: { 200: messageResponse } } },
      async (request) => {
        await deleteAdminBeat(deps, callerOf(request).user, request.params.beatId);
        return { message: 'Beat deleted' };
      },
    );
  };
}
