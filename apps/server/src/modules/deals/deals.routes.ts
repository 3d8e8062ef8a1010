/** HTTP for deals: Admin → Deals, the coupons and the bulk deal (docs/product/deals.md); the cart's quote is the checkout's. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkDealSchema, couponInput, couponResponse, couponsResponse } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { callerOf } from '../auth/auth.hooks.js';
import { createCoupon, deleteCoupon, listCoupons, readBulkDeal, setBulkDeal, updateCoupon } from './coupons.service.js';

const admin = { tags: ['admin'], security: [{ bearer: [] }] };
const couponParams = z.object({ couponId: z.uuid({ error: 'couponId must be a coupon id' }) });

/** Under /api/admin (the admin guard is the area's). */
export function dealsAdminRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/coupons', { schema: { ...admin, response: { 200: couponsResponse } } }, async () => ({ coupons: await listCoupons(deps) }));

    app.post('/api/admin/coupons', { schema: { ...admin, body: couponInput, response: { 201: couponResponse } } }, async (request, reply) => {
      const coupon = await createCoupon(deps, callerOf(request).user, request.body);
      return reply.code(201).send({ coupon });
    });

    app.put(
      '/api/admin/coupons/:couponId',
      { schema: { ...admin, params: couponParams, body: couponInput, response: { 200: couponResponse } } },
      async (request) => ({ coupon: await updateCoupon(deps, callerOf(request).user, request.params.couponId, request.body) }),
    );

    app.delete(
      '/api/admin/coupons/:couponId',
      {
        schema: {
          ...admin,
          params: couponParams,
          description: 'A coupon never used is removed; a used one is kept for the books, marked deleted (docs/product/deals.md#deleting-a-coupon).',
          response: { 200: z.object({ deleted: z.enum(['removed', 'archived']) }) },
        },
      },
      async (request) => deleteCoupon(deps, callerOf(request).user, request.params.couponId),
    );

    app.get('/api/admin/deals/bulk', { schema: { ...admin, response: { 200: bulkDealSchema } } }, () => readBulkDeal(deps.db));

    app.put('/api/admin/deals/bulk', { schema: { ...admin, body: bulkDealSchema, response: { 200: bulkDealSchema } } }, (request) =>
      setBulkDeal(deps, callerOf(request).user, request.body),
    );
  };
}
