/** HTTP for the dashboard and purchase history (docs/product/calls.md), and each purchase's licence agreement (PDF). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { id, purchasedBeatsResponse, purchasedListBody, purchasesQuery, purchasesResponse, upgradesResponse } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { assertSelfOrAdmin, callerOf, requireAuth, userByEmailFor } from '../auth/auth.hooks.js';
import { licenceForPurchase, listPurchasedBeats, listPurchases, listUpgrades } from './purchases.service.js';

const userIdParams = z.object({ userId: id('userId') });
const purchaseParams = z.object({ purchaseId: id('purchaseId') });
const secured = { tags: ['purchases'], security: [{ bearer: [] }] };

/** "Night Drive" → "Night-Drive": a filename every system accepts. */
const fileSafe = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60) || 'beat';

export function purchasesRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(deps);

    app.get(
      '/api/getrecentpurchases/:userId',
      { preHandler: auth, schema: { ...secured, params: userIdParams, querystring: purchasesQuery, response: { 200: purchasesResponse } } },
      async (request) => {
        assertSelfOrAdmin(callerOf(request), request.params.userId);
        return listPurchases(deps, request.params.userId, request.query);
      },
    );

    // The upgrades the buyer may make now: their MP3 leases of beats whose exclusive is for sale (docs/product/licenses.md#upgrades).
    app.get(
      '/api/users/:userId/upgrades',
      { preHandler: auth, schema: { ...secured, params: userIdParams, response: { 200: upgradesResponse } } },
      async (request, reply) => {
        assertSelfOrAdmin(callerOf(request), request.params.userId);
        reply.header('Cache-Control', 'private, no-store');
        return { upgrades: await listUpgrades(deps.db, request.params.userId) };
      },
    );

    const purchasedList = (path: string, kind: 'lease' | 'exclusive' | 'stems') =>
      app.post(
        path,
        { preHandler: auth, schema: { ...secured, body: purchasedListBody, response: { 200: purchasedBeatsResponse } } },
        async (request) => {
          const caller = callerOf(request);
          const user = await userByEmailFor(deps, caller, request.body.email);
          return listPurchasedBeats(deps, user.id, kind, caller.sessionId, request.body);
        },
      );
    purchasedList('/api/getpurchasedbeats', 'lease');
    purchasedList('/api/getpurchasedExclusivebeats', 'exclusive');
    purchasedList('/api/getpurchasedstems', 'stems');

    app.get(
      '/api/purchases/:purchaseId/licence',
      { preHandler: auth, schema: { ...secured, params: purchaseParams } },
      async (request, reply) => {
        const licence = await licenceForPurchase(deps, callerOf(request).user, request.params.purchaseId);
        // pdf-lib and its fonts load with the first licence asked for, not with the server (docs/decisions/0029-start-up.md#loaded-when-used).
        const { renderLicencePdf } = await import('./licence-pdf.js');
        const pdf = await renderLicencePdf(licence, deps.clock.now());
        const name = `${fileSafe(licence.beat?.title ?? 'VIP-Catalog')}-${fileSafe(licence.terms.title)}.pdf`;
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .header('Cache-Control', 'private, no-store')
          .send(Buffer.from(pdf));
      },
    );
  };
}
