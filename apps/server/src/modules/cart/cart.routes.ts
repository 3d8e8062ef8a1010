/** HTTP for the carts (docs/product/calls.md): the beat cart, the stems cart, and the merge of a visitor's browser cart at login. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartChangeResponse,
  cartResponse,
  commerceMessages,
  id,
  mergeCartBody,
  mergeCartResponse,
  stemsCartResponse,
  userBeatBody,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import { assertSelfOrAdmin, callerOf, requireAuth, userByIdFor } from '../auth/auth.hooks.js';
import { addToCart, cartCount, listCart, listStemsCart, mergeCarts, removeFromCart, type CartKind } from './cart.service.js';

const userIdParams = z.object({ userId: id('userId') });
const secured = { tags: ['cart'], security: [{ bearer: [] }] };

export function cartRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(deps);

    const cartCalls = (path: string, kind: CartKind) => {
      app.post(
        path,
        { preHandler: auth, schema: { ...secured, body: userBeatBody, response: { 200: cartChangeResponse } } },
        async (request) => {
          await userByIdFor(deps, callerOf(request), request.body.userId);
          const beat = await addToCart(deps, kind, request.body.userId, request.body.beatId);
          return { message: commerceMessages.addedToCart(beat.title), count: await cartCount(deps, request.body.userId) };
        },
      );

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

    cartCalls('/api/cart', 'beats');
    cartCalls('/api/stemscart', 'stems');

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

    app.post(
      '/api/cart/merge',
      { preHandler: auth, schema: { ...secured, body: mergeCartBody, response: { 200: mergeCartResponse } } },
      async (request) => {
        const { userId, beatIds, stemsBeatIds } = request.body;
        await userByIdFor(deps, callerOf(request), userId);
        const { skipped } = await mergeCarts(deps, userId, beatIds, stemsBeatIds);
        return {
          cartItems: await listCart(deps, userId),
          stemsCartItems: await listStemsCart(deps, userId),
          skipped,
        };
      },
    );
  };
}
