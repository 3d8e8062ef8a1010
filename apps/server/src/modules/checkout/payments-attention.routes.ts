/** HTTP for the admin's "Payments needing attention" (docs/product/offers-and-prices.md#payments-needing-attention), inside the admin area. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutIdParams, checkoutStates, paymentsAttentionResponse } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { paymentsNeedingAttention, retryCheckout } from './payments-attention.service.js';

const security = [{ bearer: [] }];

export function paymentsAttentionRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/payments/attention', { schema: { tags: ['admin'], security, response: { 200: paymentsAttentionResponse } } }, async () => ({
      items: await paymentsNeedingAttention(deps),
    }));

    app.post(
      '/api/admin/payments/:checkoutId/retry',
      { schema: { tags: ['admin'], security, params: checkoutIdParams, response: { 200: z.object({ state: z.enum(checkoutStates) }) } } },
      async (request) => retryCheckout(deps, request.params.checkoutId, request.log),
    );
  };
}
