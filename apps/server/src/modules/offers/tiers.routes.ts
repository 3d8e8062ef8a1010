/** HTTP for licence tiers (docs/product/licenses.md#tiers): the tiers a beat offers, and the admin's tiers and beat prices. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBeatTiersResponse,
  adminTierResponse,
  adminTiersResponse,
  beatIdParams,
  beatTierOverrideBody,
  beatTierParams,
  beatTiersResponse,
  bulkTierPricesBody,
  bulkTierPricesResponse,
  createTierBody,
  tierKeyParams,
  tiersOrderBody,
  updateTierBody,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import { callerOf, optionalAuth } from '../auth/auth.hooks.js';
import {
  adminBeatTiers,
  beatTiersFor,
  bulkSetTierPrice,
  createTier,
  listAdminTiers,
  reorderTiers,
  setBeatTier,
  updateTier,
} from './tiers.service.js';

/** What a beat offers: public; a signed-in caller also learns what they hold and what upgrading costs them. */
export function tiersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/beats/:beatId/tiers',
      { preHandler: optionalAuth(deps), schema: { tags: ['beats'], params: beatIdParams, response: { 200: beatTiersResponse } } },
      async (request, reply) => {
        // The answer depends on who asks (owned, upgradePrice), so no shared cache may keep it.
        reply.header('Cache-Control', 'private, no-store');
        return { tiers: await beatTiersFor(deps, request.params.beatId, request.caller?.user ?? null) };
      },
    );
  };
}

/** Admin → Licenses (the tiers) and the tiers of one beat (registered under the admin guard). */
export function tiersAdminRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['admin'], security: [{ bearer: [] }] };
    app.get('/api/admin/tiers', { schema: { ...schema, response: { 200: adminTiersResponse } } }, async () => ({
      tiers: await listAdminTiers(deps),
    }));
    app.post(
      '/api/admin/tiers',
      { schema: { ...schema, body: createTierBody, response: { 201: adminTierResponse } } },
      async (request, reply) => {
        const tier = await createTier(deps, callerOf(request).user, request.body);
        return reply.code(201).send({ tier });
      },
    );
    app.put(
      '/api/admin/tiers/:key',
      { schema: { ...schema, params: tierKeyParams, body: updateTierBody, response: { 200: adminTierResponse } } },
      async (request) => ({ tier: await updateTier(deps, callerOf(request).user, request.params.key, request.body) }),
    );
    app.put(
      '/api/admin/tiers-order',
      { schema: { ...schema, body: tiersOrderBody, response: { 200: adminTiersResponse } } },
      async (request) => ({ tiers: await reorderTiers(deps, callerOf(request).user, request.body.keys) }),
    );
    app.post(
      '/api/admin/tiers/:key/prices',
      { schema: { ...schema, params: tierKeyParams, body: bulkTierPricesBody, response: { 200: bulkTierPricesResponse } } },
      async (request) => ({
        updated: await bulkSetTierPrice(deps, callerOf(request).user, request.params.key, request.body.beatIds, request.body.price),
      }),
    );
    app.get(
      '/api/admin/beats/:beatId/tiers',
      { schema: { ...schema, params: beatIdParams, response: { 200: adminBeatTiersResponse } } },
      async (request) => ({ tiers: await adminBeatTiers(deps, request.params.beatId) }),
    );
    app.put(
      '/api/admin/beats/:beatId/tiers/:key',
      { schema: { ...schema, params: beatTierParams, body: beatTierOverrideBody, response: { 200: adminBeatTiersResponse } } },
      async (request) => ({
        tiers: await setBeatTier(deps, callerOf(request).user, request.params.beatId, request.params.key, request.body),
      }),
    );
  };
}
