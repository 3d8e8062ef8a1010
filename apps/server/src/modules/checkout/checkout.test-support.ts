/** Shared steps of the commerce tests: open a checkout, pay at the built-in test checkout, deliver webhook events. */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { authed, createBeat, signedInUser, type TestApp } from '../../test/helper.js';
import { checkouts, type BeatRow, type CheckoutRow, type UserRow } from '../../db/schema.js';
import type { SignedEvent, TestCheckout } from '../../adapters/payments/test-checkout.js';
import { isTestCheckout } from './test-checkout.routes.js';
import { WEBHOOK_PATH } from './checkout.routes.js';
import { runJobsUntilIdle } from '../../jobs/job-worker.js';
import { refundJobHandlers } from './refunds.job.js';

/** Bea Buyer, signed in, and what the checkout tests sell her: two leases and a lease with stems. */
export async function buyerAndLeases(t: TestApp): Promise<{ buyer: UserRow; token: string; lease: BeatRow; lease2: BeatRow; withStems: BeatRow }> {
  const { user: buyer, token } = await signedInUser(t, { fullName: 'Bea Buyer' });
  return {
    buyer,
    token,
    lease: await createBeat(t, { title: 'Velvet Waves', priceCents: 1999 }),
    lease2: await createBeat(t, { title: 'Static Run', priceCents: 2999 }),
    withStems: await createBeat(t, { title: 'Layer Cake', priceCents: 2499, stemsKey: 'audio/test/stems.zip' }),
  };
}

export function testProvider(t: TestApp): TestCheckout {
  if (!isTestCheckout(t.deps.payments)) throw new Error('this test needs the built-in test checkout');
  return t.deps.payments;
}

export const checkoutPaths = {
  beatPurchase: '/create-checkout-session',
  stems: '/create-checkout-session-stems',
  exclusive: '/create-checkout-session-exclusive',
  vipPlan: '/create-checkout-session-plan',
} as const;

export function openCheckout(
  t: TestApp,
  token: string,
  kind: keyof typeof checkoutPaths,
  payload: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject(authed(token, { method: 'POST', url: checkoutPaths[kind], payload }));
}

/** Opens a checkout and insists it worked; returns the provider session id and our checkout row. */
export async function openCheckoutOk(
  t: TestApp,
  token: string,
  kind: keyof typeof checkoutPaths,
  payload: object,
): Promise<{ sessionId: string; url: string; checkout: CheckoutRow }> {
  const res = await openCheckout(t, token, kind, payload);
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  const { session } = res.json() as { session: { id: string; url: string } };
  const [checkout] = await t.deps.db.select().from(checkouts).where(eq(checkouts.providerSessionId, session.id));
  return { sessionId: session.id, url: session.url, checkout: checkout! };
}

export const lineOf = (beat: { id: string; title: string; priceCents: number | null }) => ({
  beatId: beat.id,
  beatName: beat.title,
  price: beat.priceCents === null ? undefined : beat.priceCents / 100,
});

export const body = (user: UserRow, extra: object) => ({ email: user.email, userId: user.id, ...extra });

/** Submits the test checkout's card form, as the browser does. */
export function payAtTestCheckout(
  t: TestApp,
  sessionId: string,
  card: Partial<Record<'cardNumber' | 'expiry' | 'cvc' | 'name', string>> = {},
): Promise<LightMyRequestResponse> {
  const form = new URLSearchParams({
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
    name: 'Test Buyer',
    ...card,
  });
  return t.app.inject({
    method: 'POST',
    url: `/test-checkout/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

export function deliver(t: TestApp, event: SignedEvent | { payload: string; header?: string }): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (event.header !== undefined) headers['stripe-signature'] = event.header;
  return t.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: event.payload });
}

/** Marks the session paid at the provider without delivering its event (a webhook that is late or lost). */
export async function payWithoutWebhook(t: TestApp, sessionId: string): Promise<SignedEvent> {
  const paid = await testProvider(t).pay(sessionId);
  if (!paid) throw new Error('the session could not be paid');
  return paid.event;
}

/** Runs the refund jobs a settlement queued, as the server's job worker does right after it commits. */
export function runRefundJobs(t: TestApp): Promise<number> {
  return runJobsUntilIdle(t.deps, refundJobHandlers(t.deps, t.log), { log: t.log });
}
