/** HTTP for the download check and the credit unlock. */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkDownloadParams,
  checkDownloadResponse,
  downloadMessages,
  ownedBeatsResponse,
  reduceCreditsBody,
  reduceCreditsResponse,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import { users, type UserRow } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { assertSelfOrAdmin, callerOf, requireAuth, userByEmailFor } from '../auth/auth.hooks.js';
import type { Caller } from '../auth/auth.service.js';
import { getBeat } from '../beats/beats.service.js';
import { unlockWithCredit } from './credit-unlock.service.js';
import { hasAnyRight, ownedBeats, rightsFor } from './entitlements.service.js';

const secured = { tags: ['downloads'], security: [{ bearer: [] }] };

async function userByIdFor(deps: Deps, caller: Caller, userId: string): Promise<UserRow> {
  assertSelfOrAdmin(caller, userId);
  if (caller.user.id === userId) return caller.user;
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('No account has this id.');
  return user;
}

export function entitlementsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(deps);

    app.get(
      '/api/checkCreditDownload/:userId/:beatId',
      { preHandler: auth, schema: { ...secured, params: checkDownloadParams, response: { 200: checkDownloadResponse } } },
      async (request) => {
        const user = await userByIdFor(deps, callerOf(request), request.params.userId);
        const beat = await getBeat(deps, request.params.beatId);
        const rights = await rightsFor(deps, user, beat);
        // A 404 (docs/product/entitlements.md#download-check) means the beat is not among the user's downloads (nothing of it may be downloaded).
        if (!hasAnyRight(rights)) throw notFound(downloadMessages.beatNotInDownloads);
        return { isAllowDownload: rights.mp3 || rights.wav, isAllowStems: rights.stems, rights };
      },
    );

    app.get(
      '/api/entitlements/:userId',
      { preHandler: auth, schema: { ...secured, params: checkDownloadParams.pick({ userId: true }), response: { 200: ownedBeatsResponse } } },
      async (request) => {
        const user = await userByIdFor(deps, callerOf(request), request.params.userId);
        return { beats: await ownedBeats(deps, user) };
      },
    );

    app.post(
      '/api/reduce-credits',
      { preHandler: auth, schema: { ...secured, body: reduceCreditsBody, response: { 200: reduceCreditsResponse } } },
      async (request) => {
        const user = await userByEmailFor(deps, callerOf(request), request.body.email);
        const result = await unlockWithCredit(deps, user, request.body.beatId);
        const title = result.beat.title;
        return {
          message: result.alreadyUnlocked ? downloadMessages.alreadyUnlocked(title) : downloadMessages.unlocked(title),
          Credits: result.credits,
          alreadyUnlocked: result.alreadyUnlocked,
        };
      },
    );
  };
}
