/** HTTP for the download check and the credit unlock. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkDownloadParams,
  checkDownloadResponse,
  type CheckDownloadParams,
  downloadMessages,
  ownedBeatsResponse,
  reduceCreditsBody,
  reduceCreditsResponse,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { callerOf, requireAuth, userByEmailFor, userByIdFor } from '../auth/auth.hooks.js';
import { unlockWithCredit } from './credit-unlock.service.js';
import { hasAnyRight, ownedBeats, rightsForBeatId } from './entitlements.service.js';

const secured = { tags: ['downloads'], security: [{ bearer: [] }] };

export function entitlementsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(deps);

    const rightsOf = async (request: FastifyRequest, params: CheckDownloadParams) => {
      const user = await userByIdFor(deps, callerOf(request), params.userId);
      const rights = await rightsForBeatId(deps, user, params.beatId);
      return { isAllowDownload: rights.mp3 || rights.wav, isAllowStems: rights.stems, rights };
    };

    app.get(
      '/api/checkCreditDownload/:userId/:beatId',
      { preHandler: auth, schema: { ...secured, params: checkDownloadParams, response: { 200: checkDownloadResponse } } },
      async (request) => {
        const answer = await rightsOf(request, request.params);
        // A 404 (docs/product/entitlements.md#download-check) means the beat is not among the user's downloads (nothing of it may be downloaded).
        if (!hasAnyRight(answer.rights)) throw notFound(downloadMessages.beatNotInDownloads);
        return answer;
      },
    );

    // The same check answering "nothing" as all-false (docs/product/entitlements.md#download-check): what the web app
    // asks, so a beat a user does not hold is not a failed request in their browser.
    app.get(
      '/api/entitlements/:userId/:beatId',
      { preHandler: auth, schema: { ...secured, params: checkDownloadParams, response: { 200: checkDownloadResponse } } },
      (request) => rightsOf(request, request.params),
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
