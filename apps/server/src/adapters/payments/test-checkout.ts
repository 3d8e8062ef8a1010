/**
 * The built-in test checkout: the embedded default of the payments interface. Its sessions are the
 * `checkouts` rows themselves (so they survive a restart), its page is served by the product
 * (modules/checkout/test-checkout.routes.ts), and paying there produces a Stripe-format event signed with
 * this provider's webhook secret, which goes through the same webhook verification and fulfilment as Stripe's.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { checkouts, type CheckoutRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { loadStripe, verifyStripeEvent, type Payments, type ProviderSession } from './payments.js';

export const TEST_CHECKOUT_PATH = '/test-checkout';
/** The card number the test checkout accepts (Stripe's own test card). */
export const TEST_CARD_NUMBER = '4242424242424242';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export interface TestCheckoutView {
  checkout: CheckoutRow;
  /** The session as the provider reports it now (an open session past its end reads as expired). */
  session: ProviderSession;
}

export interface SignedEvent {
  payload: string;
  header: string;
}

export interface TestCheckout extends Payments {
  readonly kind: 'test';
  readonly webhookSecret: string;
  /** The session and its lines, for the checkout page; null for an unknown session. */
  view(sessionId: string): Promise<TestCheckoutView | null>;
  /** Takes the payment: marks the session paid and returns the signed `checkout.session.completed` event. */
  pay(sessionId: string): Promise<{ session: ProviderSession; event: SignedEvent } | null>;
  /** Signs any event payload the way Stripe signs its webhooks (tests, replays). */
  sign(payload: string, at?: Date): string;
  /** A Stripe-format event for one of this provider's sessions. */
  buildEvent(type: string, sessionId: string): Promise<SignedEvent | null>;
}

/**
 * The test checkout's webhook secret, derived from TOKEN_SECRET: every process of one store verifies the events any
 * of them signed (a redelivery may reach another process), and the secret is never one an outsider could know.
 */
export function testCheckoutWebhookSecret(tokenSecret: string): string {
  return `whsec_test_${createHmac('sha256', tokenSecret).update('test-checkout webhook').digest('hex').slice(0, 48)}`;
}

function effectiveStatus(row: CheckoutRow, now: Date): ProviderSession['status'] {
  if (row.status === 'open' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

function toSession(row: CheckoutRow, now: Date): ProviderSession {
  return {
    id: row.providerSessionId,
    url: row.url,
    status: effectiveStatus(row, now),
    paymentStatus: row.paymentStatus === 'failed' ? 'unpaid' : row.paymentStatus,
    paymentIntentId: row.paymentIntentId,
    amountTotal: row.amountCents,
    currency: row.currency,
    clientReferenceId: row.id,
    expiresAt: row.expiresAt,
  };
}

/** The session object as Stripe's API writes it (the fields this product and its tests read). */
function stripeSessionObject(row: CheckoutRow, now: Date) {
  const session = toSession(row, now);
  return {
    id: session.id,
    object: 'checkout.session',
    amount_subtotal: row.amountCents,
    amount_total: row.amountCents,
    cancel_url: '/cart',
    client_reference_id: row.id,
    created: seconds(row.createdAt),
    currency: row.currency,
    customer_email: row.email,
    customer_details: { email: row.email },
    expires_at: seconds(row.expiresAt),
    livemode: false,
    metadata: { checkoutId: row.id, sessionType: row.sessionType },
    mode: 'payment',
    payment_intent: session.paymentIntentId,
    payment_status: session.paymentStatus,
    status: session.status,
    success_url: `/paymentConfirm?session_id=${session.id}`,
    url: session.status === 'open' ? row.url : null,
  };
}

export function createTestCheckout(db: Db, clock: Clock, webhookSecret = `whsec_test_${hex(24)}`): TestCheckout {
  const findRow = async (sessionId: string) => {
    const [row] = await db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.provider, 'test'), eq(checkouts.providerSessionId, sessionId)))
      .limit(1);
    return row ?? null;
  };

  /**
   * Stripe's webhook signature (its `Stripe-Signature` header: HMAC-SHA256 of "timestamp.payload" under the webhook
   * secret), as the `stripe` package's generateTestHeaderString writes it; every event is verified by that package.
   */
  const sign = (payload: string, at: Date = clock.now()) => {
    const timestamp = seconds(at);
    return `t=${timestamp},v1=${createHmac('sha256', webhookSecret).update(`${timestamp}.${payload}`).digest('hex')}`;
  };

  const eventFor = async (type: string, row: CheckoutRow): Promise<SignedEvent> => {
    const Stripe = await loadStripe();
    const now = clock.now();
    const payload = JSON.stringify({
      id: `evt_test_${hex(12)}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: seconds(now),
      data: { object: stripeSessionObject(row, now) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    return { payload, header: sign(payload, now) };
  };

  return {
    kind: 'test',
    webhookSecret,

    async createCheckoutSession(input) {
      const id = `cs_test_${hex(20)}`;
      return {
        id,
        url: `${TEST_CHECKOUT_PATH}/${id}`,
        status: 'open',
        paymentStatus: 'unpaid',
        paymentIntentId: null,
        amountTotal: input.lineItems.reduce((sum, item) => sum + item.amountCents, 0),
        currency: input.currency,
        clientReferenceId: input.checkoutId,
        expiresAt: input.expiresAt,
      };
    },

    async retrieveCheckoutSession(sessionId) {
      const row = await findRow(sessionId);
      return row ? toSession(row, clock.now()) : null;
    },

    async expireCheckoutSession(sessionId) {
      const [row] = await db
        .update(checkouts)
        .set({ status: 'expired' })
        .where(and(eq(checkouts.provider, 'test'), eq(checkouts.providerSessionId, sessionId), eq(checkouts.status, 'open')))
        .returning();
      if (row) return toSession(row, clock.now());
      const current = await findRow(sessionId);
      return current ? toSession(current, clock.now()) : null;
    },

    async refund() {
      // Test mode moves no money: the refund is an id for the books.
      return { id: `re_test_${hex(12)}` };
    },

    constructEvent(rawBody, signatureHeader, receivedAt) {
      return verifyStripeEvent(rawBody, signatureHeader, webhookSecret, receivedAt);
    },

    async view(sessionId) {
      const row = await findRow(sessionId);
      if (!row) return null;
      return { checkout: row, session: toSession(row, clock.now()) };
    },

    async pay(sessionId) {
      const now = clock.now();
      const [row] = await db
        .update(checkouts)
        .set({ status: 'complete', paymentStatus: 'paid', paymentIntentId: `pi_test_${hex(12)}` })
        .where(
          and(
            eq(checkouts.provider, 'test'),
            eq(checkouts.providerSessionId, sessionId),
            eq(checkouts.status, 'open'),
            gt(checkouts.expiresAt, now),
          ),
        )
        .returning();
      if (!row) return null;
      return { session: toSession(row, now), event: await eventFor('checkout.session.completed', row) };
    },

    sign,

    async buildEvent(type, sessionId) {
      const row = await findRow(sessionId);
      return row ? await eventFor(type, row) : null;
    },
  };
}
