/**
 * HTTP for checkout: the four create-checkout-session calls (docs/product/offers-and-prices.md#checkout) (each responding with session.url), the success
 * page's confirm call, and the payment provider's webhook (raw body, signature checked before anything else).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  beatCheckoutBody,
  cancelCheckoutBody,
  cancelCheckoutResponse,
  checkoutSessionResponse,
  confirmCheckoutBody,
  confirmCheckoutResponse,
  exclusiveCheckoutBody,
  planCheckoutBody,
  quoteBody,
  quoteSchema,
  stemsCheckoutBody,
  type SessionType,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import type { LimitRule } from '../../lib/rate-limiter.js';
import { WebhookSignatureError } from '../../adapters/payments/payments.js';
import { callerOf, requireAuth, userByIdFor } from '../auth/auth.hooks.js';
import { quoteOrder } from './quote.service.js';
import { planBeatPurchase, planExclusive, planStems, planVipPlan, type PlannedItem } from './plan-checkout.js';
import { cancelCheckout, confirmCheckout, openCheckout } from './checkout-sessions.js';
import { handlePaymentWebhook } from './payment-webhook.js';

export const WEBHOOK_PATH = '/webhooks/stripe';

export const checkoutLimits = {
  perAccount: { name: 'checkouts opened', max: 30, windowMs: 10 * 60_000, scales: true },
} satisfies Record<string, LimitRule>;

const secured = { tags: ['checkout'], security: [{ bearer: [] }] };

/** The store's address for the provider's return URLs: PUBLIC_URL, else the address the browser used. */
export function originOf(deps: Deps, request: FastifyRequest): string {
  if (deps.config.publicUrl) return deps.config.publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/**
 * Opens a checkout for the buyer a call names (userId + email): the caller, or anyone for an admin; the two must match.
 * Answers the provider's session, whose url the browser goes to.
 */
async function openFor(
  deps: Deps,
  request: FastifyRequest,
  body: { userId: string; email: string; coupon?: string | undefined },
  sessionType: SessionType,
  plan: (buyer: UserRow) => PlannedItem[] | Promise<PlannedItem[]>,
) {
  const user = await userByIdFor(deps, callerOf(request), body.userId);
  if (user.email !== body.email) throw badRequest('email does not match the account of userId.');
  await deps.limiter.hit(checkoutLimits.perAccount, user.id);
  const items = await plan(user);
  const session = await openCheckout(deps, { user, origin: originOf(deps, request), log: request.log }, sessionType, items, { coupon: body.coupon });
  return { session };
}

/** The cart's quote (docs/product/deals.md#the-quote): signed in, for the caller's own account (or any, for an admin). */
export function quoteRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/checkout/quote',
      { preHandler: requireAuth(deps), schema: { tags: ['checkout'], security: [{ bearer: [] }], body: quoteBody, response: { 200: quoteSchema } } },
      async (request) => {
        const user = await userByIdFor(deps, callerOf(request), request.body.userId);
        return quoteOrder(deps, user, request.body);
      },
    );
  };
}

export function checkoutRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(deps);
    const answer = { 200: checkoutSessionResponse };

    app.post('/create-checkout-session', { preHandler: auth, schema: { ...secured, body: beatCheckoutBody, response: answer } }, (request) =>
      openFor(deps, request, request.body, 'beatPurchase', (user) => planBeatPurchase(deps, user, request.body.beatDetails)),
    );
    app.post('/create-checkout-session-stems', { preHandler: auth, schema: { ...secured, body: stemsCheckoutBody, response: answer } }, (request) =>
      openFor(deps, request, request.body, 'stems', (user) => planStems(deps, user, request.body.beatDetails)),
    );
    app.post('/create-checkout-session-exclusive', { preHandler: auth, schema: { ...secured, body: exclusiveCheckoutBody, response: answer } }, (request) =>
      openFor(deps, request, request.body, 'exclusive', (user) => planExclusive(deps, user, request.body.beatId, request.body.price)),
    );
    app.post('/create-checkout-session-plan', { preHandler: auth, schema: { ...secured, body: planCheckoutBody, response: answer } }, (request) =>
      openFor(deps, request, request.body, 'vipPlan', (user) => planVipPlan(deps, user, request.body.price)),
    );

    app.post(
      '/api/checkout/confirm',
      { preHandler: auth, schema: { ...secured, body: confirmCheckoutBody, response: { 200: confirmCheckoutResponse } } },
      async (request) => confirmCheckout(deps, callerOf(request).user, request.body.sessionId, request.log),
    );

    // The buyer left the checkout: it ends, and its exclusives are free at once (docs/product/offers-and-prices.md#reservations).
    app.post(
      '/api/checkout/cancel',
      { preHandler: auth, schema: { ...secured, body: cancelCheckoutBody, response: { 200: cancelCheckoutResponse } } },
      async (request) => cancelCheckout(deps, callerOf(request).user, request.body.checkout, request.log),
    );

    await app.register(webhookRoute(deps));
  };
}

/**
 * The webhook lives in its own encapsulated plugin: there (and only there) every body is kept as the raw
 * bytes, because the signature is computed over exactly what the provider sent.
 */
function webhookRoute(deps: Deps) {
  return async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

    scope.post(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      try {
        return await handlePaymentWebhook(deps, raw, typeof header === 'string' ? header : undefined, request.log);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'webhook refused: signature does not verify');
          return reply.code(400).send({ message: 'Webhook signature verification failed.' });
        }
        throw error;
      }
    });
  };
}
