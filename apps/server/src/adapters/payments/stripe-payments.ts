/** Stripe Checkout through the official `stripe` package (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET). */
import Stripe from 'stripe';
import { commerceMessages } from '@beat/shared';
import { serviceUnavailable } from '../../lib/errors.js';
import { sessionFromStripe, verifyStripeEvent, type CreateSessionInput, type Payments, type ProviderSession } from './payments.js';

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** A local stand-in (tests, stripe-mock): http://127.0.0.1:12111. Default: Stripe's own API. */
  apiUrl?: string;
  /** How long one call to Stripe may take before it is abandoned (default 8 s). */
  timeoutMs?: number;
}

/**
 * A buyer waits on these calls: each try is bounded and retried once (with the same idempotency key), so an
 * unreachable provider fails within about 17 seconds at worst instead of holding the request for a minute
 * (docs/reliability.md#the-payment-provider-is-unreachable).
 */
const DEFAULT_TIMEOUT_MS = 8_000;
const NETWORK_RETRIES = 1;
/** What the buyer is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

function clientOptions(apiUrl: string | undefined, timeoutMs: number): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { maxNetworkRetries: NETWORK_RETRIES, timeout: timeoutMs, telemetry: false, appInfo: { name: 'Beat Market' } };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...base, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeError && error.statusCode === 404;

/** Stripe out of reach (refused, reset, timed out) or failing on its side (5xx, an unreadable response): not the buyer's fault, nor ours. */
const isUnreachable = (error: unknown) =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500);

/** Runs one call to Stripe; when Stripe cannot be reached the caller gets a 503 with a sentence a buyer can read. */
async function reaching<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isUnreachable(error)) {
      const unavailable = serviceUnavailable(commerceMessages.paymentsUnavailable, RETRY_AFTER_SECONDS);
      unavailable.cause = error;
      throw unavailable;
    }
    throw error;
  }
}

export function createStripePayments(options: StripePaymentsOptions): Payments {
  const stripe = new Stripe(options.secretKey, clientOptions(options.apiUrl, options.timeoutMs ?? DEFAULT_TIMEOUT_MS));

  async function retrieve(sessionId: string): Promise<ProviderSession | null> {
    try {
      return sessionFromStripe(await reaching(() => stripe.checkout.sessions.retrieve(sessionId)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 'stripe',

    async createCheckoutSession(input: CreateSessionInput) {
      const session = await reaching(() => stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: input.email,
          client_reference_id: input.checkoutId,
          line_items: input.lineItems.map((item) => ({
            quantity: 1,
            price_data: {
              currency: input.currency,
              unit_amount: item.amountCents,
              product_data: { name: item.name, ...(item.description ? { description: item.description } : {}) },
            },
          })),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          metadata: { ...input.metadata, checkoutId: input.checkoutId },
          payment_intent_data: { metadata: { checkoutId: input.checkoutId } },
        },
        // A retried create (network blip) never opens a second session for the same checkout.
        { idempotencyKey: `checkout-${input.checkoutId}` },
      ));
      return sessionFromStripe(session);
    },

    retrieveCheckoutSession: retrieve,

    async expireCheckoutSession(sessionId) {
      try {
        return sessionFromStripe(await reaching(() => stripe.checkout.sessions.expire(sessionId)));
      } catch (error) {
        // Only open sessions can be expired; one that completed (or already expired) is answered as it is.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || isMissing(error)) return retrieve(sessionId);
        throw error;
      }
    },

    async refund(input) {
      const refund = await reaching(() =>
        stripe.refunds.create(
          { payment_intent: input.paymentIntentId, amount: input.amountCents, reason: 'duplicate' },
          { idempotencyKey: `refund-${input.idempotencyKey}` },
        ),
      );
      return { id: refund.id };
    },

    constructEvent(rawBody, signatureHeader, receivedAt) {
      return verifyStripeEvent(rawBody, signatureHeader, options.webhookSecret, receivedAt);
    },
  };
}
