/** HTTP for the carts (docs/product/calls.md): the beat cart, the stems cart, and the merge of a visitor's browser cart at login. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCartBody,
  cartChangeResponse,
  changeCartTierBody,
  cartCouponsSchema,
  cartResponse,
  commerceMessages,
  id,
  keepCartCouponBody,
  mergeCartBody,
  mergeCartResponse,
  removeCartCouponBody,
  stemsCartResponse,
  userBeatBody,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import { assertSelfOrAdmin, callerOf, requireAuth, userByIdFor } from '../auth/auth.hooks.js';
import {
  addToCart,
  cartCount,
  changeCartTier,
  cartCoupons,
  keepCartCoupon,
  listCart,
  listStemsCart,
  mergeCarts,
  removeCartCoupon,
  removeFromCart,
  type CartKind,
} from './cart.service.js';

const userIdParams = z.object({ userId: id('userId') });
const secured = { tags: ['cart'], security: [{ bearer: [] }] };

export function cartRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(deps);

    const addCall = (path: string, kind: CartKind, body: typeof addToCartBody | typeof userBeatBody) => {
      app.post(
        path,
        { preHandler: auth, schema: { ...secured, body, response: { 200: cartChangeResponse } } },
        async (request) => {
          const { userId, beatId } = request.body;
          await userByIdFor(deps, callerOf(request), userId);
          const tier = 'tier' in request.body ? request.body.tier : undefined;
          const beat = await addToCart(deps, kind, userId, beatId, tier);
          return { message: commerceMessages.addedToCart(beat.title), count: await cartCount(deps, userId) };
        },
      );
    };

    const removeCall = (path: string, kind: CartKind) => {
      app.delete(
        path,
        { preHandler: auth, schema: { ...secured, body: userBeatBody, response: { 200: cartChangeResponse } } },
        async (request) => {
          assertSelfOrAdmin(callerOf(request), request.body.userId);
          const beat = await removeFromCart(deps, kind, request.body.userId, request.body.beatId, request.log);
          return { message: commerceMessages.removedFromCart(beat.title), count: await cartCount(deps, request.body.userId) };
        },
      );
    };

    addCall('/api/cart', 'beats', addToCartBody);
    removeCall('/api/cart', 'beats');
    addCall('/api/stemscart', 'stems', userBeatBody);
    removeCall('/api/stemscart', 'stems');

    // The licence tier a beat cart line buys (docs/product/licenses.md#tiers).
    app.put(
      '/api/cart/tier',
      { preHandler: auth, schema: { ...secured, body: changeCartTierBody, response: { 200: cartChangeResponse } } },
      async (request) => {
        const { userId, beatId, tier } = request.body;
        assertSelfOrAdmin(callerOf(request), userId);
        const { beat, tierName } = await changeCartTier(deps, userId, beatId, tier);
        return { message: commerceMessages.tierChanged(beat.title, tierName), count: await cartCount(deps, userId) };
      },
    );

    app.get(
      '/api/cart/:userId',
      { preHandler: auth, schema: { ...secured, params: userIdParams, response: { 200: cartResponse } } },
      async (request) => {
        assertSelfOrAdmin(callerOf(request), request.params.userId);
        return { cartItems: await listCart(deps, request.params.userId) };
      },
    );

    app.get(
      '/api/stemscart/:userId',
      { preHandler: auth, schema: { ...secured, params: userIdParams, response: { 200: stemsCartResponse } } },
      async (request) => {
        assertSelfOrAdmin(callerOf(request), request.params.userId);
        return { cartItems: await listStemsCart(deps, request.params.userId) };
      },
    );

    // The coupon code kept with each cart, so it is still applied on reload and on the next visit (docs/product/deals.md#a-code-kept-with-the-cart).
    app.get(
      '/api/cart/:userId/coupons',
      { preHandler: auth, schema: { ...secured, params: userIdParams, response: { 200: cartCouponsSchema } } },
      async (request) => {
        assertSelfOrAdmin(callerOf(request), request.params.userId);
        return cartCoupons(deps, request.params.userId);
      },
    );

    app.post(
      '/api/cart/coupon',
      { preHandler: auth, schema: { ...secured, body: keepCartCouponBody, response: { 200: cartCouponsSchema } } },
      async (request) => {
        await userByIdFor(deps, callerOf(request), request.body.userId);
        return keepCartCoupon(deps, request.body.userId, request.body.cart, request.body.code);
      },
    );

    app.delete(
      '/api/cart/coupon',
      { preHandler: auth, schema: { ...secured, body: removeCartCouponBody, response: { 200: cartCouponsSchema } } },
      async (request) => {
        assertSelfOrAdmin(callerOf(request), request.body.userId);
        return removeCartCoupon(deps, request.body.userId, request.body.cart);
      },
    );

    app.post(
      '/api/cart/merge',
      { preHandler: auth, schema: { ...secured, body: mergeCartBody, response: { 200: mergeCartResponse } } },
      async (request) => {
        const { userId, beatIds, stemsBeatIds, coupon, beatTiers } = request.body;
        await userByIdFor(deps, callerOf(request), userId);
        const { skipped } = await mergeCarts(deps, userId, beatIds, stemsBeatIds, coupon, beatTiers);
        return {
          cartItems: await listCart(deps, userId),
          stemsCartItems: await listStemsCart(deps, userId),
          skipped,
        };
      },
    );
  };
}
