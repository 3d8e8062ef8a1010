/** Chooses the payments implementation from the configuration: Stripe when its keys are set, else the built-in test checkout. */
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import { WebhookSignatureError, type Payments } from './payments.js';
import type { StripePaymentsOptions } from './stripe-payments.js';
import { createTestCheckout, testCheckoutWebhookSecret } from './test-checkout.js';

/**
 * Production without Stripe keys takes no payments at all: the test checkout accepts a test card, so
 * offering it to real buyers would give the catalog away.
 */
function createDisabledPayments(): Payments {
  const refuse = () => {
    throw badRequest('Checkout is not available on this store right now. Please try again later.');
  };
  return {
    kind: 'stripe',
    createCheckoutSession: async () => refuse(),
    retrieveCheckoutSession: async () => null,
    expireCheckoutSession: async () => null,
    refund: async () => refuse(),
    async constructEvent() {
      throw new WebhookSignatureError('No payment provider is configured.');
    },
  };
}

/**
 * Stripe Checkout, with the `stripe` package and its client made at the first call rather than at start-up
 * (docs/decisions/0029-start-up.md#loaded-when-used).
 */
function createLazyStripePayments(options: StripePaymentsOptions): Payments {
  let payments: Promise<Payments> | undefined;
  const loaded = () => (payments ??= import('./stripe-payments.js').then((module) => module.createStripePayments(options)));
  return {
    kind: 'stripe',
    createCheckoutSession: async (input) => (await loaded()).createCheckoutSession(input),
    retrieveCheckoutSession: async (sessionId) => (await loaded()).retrieveCheckoutSession(sessionId),
    expireCheckoutSession: async (sessionId) => (await loaded()).expireCheckoutSession(sessionId),
    refund: async (input) => (await loaded()).refund(input),
    constructEvent: async (rawBody, signatureHeader, receivedAt) => (await loaded()).constructEvent(rawBody, signatureHeader, receivedAt),
  };
}

export function createPayments(config: Config, db: Db, clock: Clock): Payments {
  if (config.stripe) return createLazyStripePayments(config.stripe);
  if (config.isProduction) return createDisabledPayments();
  return createTestCheckout(db, clock, testCheckoutWebhookSecret(config.tokenSecret));
}
