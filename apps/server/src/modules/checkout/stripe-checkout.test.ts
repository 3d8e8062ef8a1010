/**
 * The real payments path: Stripe Checkout through the official `stripe` package, pointed (host/port/protocol)
 * at a stand-in HTTP server this test starts, with webhook events signed by the package's own test helper.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { authed, createBeat, createTestApp, createUser, fixedClock, loginAs, expectMessage, type TestApp } from '../../test/helper.js';
import { checkouts, entitlements, purchases, refunds, users, type UserRow } from '../../db/schema.js';
import { body, deliver, lineOf, openCheckout, openCheckoutOk, runRefundJobs } from './checkout.test-support.js';
import { StripeStandIn, type StandInSession } from '../../test/stripe-stand-in.js';

const WEBHOOK_SECRET = 'whsec_standin_signing_secret';

const standIn = new StripeStandIn();
const clock = fixedClock(new Date());
let t: TestApp;
let buyer: UserRow;
let token: string;

beforeAll(async () => {
  await standIn.start();
  t = await createTestApp({
    clock,
    env: { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: standIn.url, PUBLIC_URL: 'https://store.example.test' },
  });
  buyer = await createUser(t, { fullName: 'Stripe Buyer' });
  token = await loginAs(t, buyer);
});
afterAll(async () => {
  await t?.close();
  await standIn.stop();
});

function signedEvent(type: string, session: StandInSession, at = clock.now()) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(at.getTime() / 1000),
    data: { object: session },
    livemode: false,
    type,
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(at.getTime() / 1000) });
  return { payload, header };
}

describe('Stripe Checkout (against a local stand-in)', () => {
  it('creates the session through the stripe package with the server’s amounts and answers Stripe’s url', async () => {
    const beat = await createBeat(t, { title: 'Through Stripe', priceCents: 1999 });
    const res = await openCheckout(t, token, 'beatPurchase', body(buyer, { beatDetails: [lineOf(beat)] }));
    expect(res.statusCode).toBe(200);
    const { session } = res.json() as { session: { id: string; url: string } };
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);

    const create = standIn.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')!;
    const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.providerSessionId, session.id));
    expect(row).toMatchObject({ provider: 'stripe', amountCents: 1999, status: 'open' });
    expect(create.form.get('mode')).toBe('payment');
    expect(create.form.get('line_items[0][price_data][unit_amount]')).toBe('1999');
    expect(create.form.get('line_items[0][price_data][product_data][name]')).toBe('Through Stripe');
    expect(create.form.get('customer_email')).toBe(buyer.email);
    expect(create.form.get('client_reference_id')).toBe(row!.id);
    expect(create.form.get('success_url')).toBe('https://store.example.test/paymentConfirm?session_id={CHECKOUT_SESSION_ID}');
    // Coming back without paying ends the checkout (docs/product/offers-and-prices.md#reservations).
    expect(create.form.get('cancel_url')).toBe(`https://store.example.test/cart?cancelled_checkout=${row!.id}`);
    expect(Number(create.form.get('expires_at')) - Math.floor(clock.now().getTime() / 1000)).toBe(31 * 60);
    expect(create.headers['idempotency-key']).toBe(`checkout-${row!.id}`);
  });

  it('answers twenty requests at once for the same lease with one Stripe session, and refuses it once paid', async () => {
    const beat = await createBeat(t, { title: 'Asked Twenty Times', priceCents: 1999 });
    const who = await createUser(t);
    const whoToken = await loginAs(t, who);
    const creates = () => standIn.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').length;
    const before = creates();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => openCheckout(t, whoToken, 'beatPurchase', body(who, { beatDetails: [lineOf(beat)] }))),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((res) => (res.json() as { session: { id: string } }).session.id));
    expect(ids.size).toBe(1);
    expect(creates()).toBe(before + 1);

    const paid = signedEvent('checkout.session.completed', standIn.complete([...ids][0]!));
    expect((await deliver(t, paid)).statusCode).toBe(200);
    expectMessage(await openCheckout(t, whoToken, 'beatPurchase', body(who, { beatDetails: [lineOf(beat)] })), 409, 'You already own Asked Twenty Times. Find it on your dashboard.');
    expect(creates()).toBe(before + 1);
  });

  it('fulfils on a webhook signed with STRIPE_WEBHOOK_SECRET, and refuses forged, header-less and stale ones', async () => {
    const beat = await createBeat(t, { title: 'Signed Delivery', priceCents: 2500 });
    const { sessionId } = await openCheckoutOk(t, token, 'beatPurchase', body(buyer, { beatDetails: [lineOf(beat)] }));
    const session = standIn.complete(sessionId);
    const event = signedEvent('checkout.session.completed', session);

    const forged = { payload: event.payload, header: Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: 'whsec_wrong' }) };
    const stale = signedEvent('checkout.session.completed', session, new Date(clock.now().getTime() - 301_000));
    for (const attempt of [forged, { payload: event.payload }, stale, { payload: event.payload.replace('2500', '1'), header: event.header }]) {
      expect((await deliver(t, attempt)).statusCode).toBe(400);
    }
    expect(await t.deps.db.select().from(purchases).where(eq(purchases.beatId, beat.id))).toEqual([]);

    const ok = await deliver(t, event);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().outcome).toBe('paid');
    expect((await deliver(t, event)).json().outcome).toBe('duplicate');
    const bought = await t.deps.db.select().from(purchases).where(eq(purchases.beatId, beat.id));
    expect(bought).toHaveLength(1);
    expect(bought[0]).toMatchObject({ provider: 'stripe', priceCents: 2500, userId: buyer.id });
  });

  it('the success page retrieves the session from Stripe and fulfils a purchase whose webhook was lost', async () => {
    const { sessionId } = await openCheckoutOk(t, token, 'vipPlan', body(buyer, { price: 29 }));
    standIn.complete(sessionId);
    const res = await t.app.inject(authed(token, { method: 'POST', url: '/api/checkout/confirm', payload: { sessionId } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('paid');
    expect(standIn.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`)).toBe(true);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row!.userType).toBe('vipUser');
  });

  it('expires a lapsed hold’s session at Stripe, and refunds a second payment for a sold exclusive through Stripe', async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const firstToken = await loginAs(t, first);
    const secondToken = await loginAs(t, second);
    const beat = await createBeat(t, { title: 'Stripe Exclusive', beatType: 'Exclusive', priceCents: 60000 });

    // First buyer opens a checkout and walks away: after the hold lapses, the next buyer's checkout expires it at Stripe.
    const abandoned = await openCheckoutOk(t, firstToken, 'exclusive', body(first, { beatId: beat.id }));
    clock.advance(30 * 60_000 + 1000);
    const b = await openCheckoutOk(t, secondToken, 'exclusive', body(second, { beatId: beat.id }));
    expect(standIn.sessions.get(abandoned.sessionId)!.status).toBe('expired');
    const [old] = await t.deps.db.select().from(checkouts).where(eq(checkouts.id, abandoned.checkout.id));
    expect(old!.status).toBe('expired');

    // The second buyer pays; then a payment for the first session still completes (it raced the expiry at Stripe).
    expect((await deliver(t, signedEvent('checkout.session.completed', standIn.complete(b.sessionId)))).statusCode).toBe(200);
    const racing = standIn.sessions.get(abandoned.sessionId)!;
    racing.status = 'open';
    const late = standIn.complete(abandoned.sessionId);
    expect((await deliver(t, signedEvent('checkout.session.completed', late))).statusCode).toBe(200);
    await runRefundJobs(t);

    const owners = await t.deps.db.select().from(entitlements).where(eq(entitlements.beatId, beat.id));
    expect(owners.map((o) => o.userId)).toEqual([second.id]);
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.checkoutId, abandoned.checkout.id));
    const call = standIn.requests.find((r) => r.path === '/v1/refunds')!;
    expect(call.form.get('payment_intent')).toBe(late.payment_intent);
    expect(call.form.get('amount')).toBe('60000');
    expect(call.headers['idempotency-key']).toBe(`refund-${refund!.id}`);
    expect(refund!.providerRefundId).toBe([...standIn.refunds.values()][0]!.id);
  });

  it('serves no built-in test checkout when Stripe is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/test-checkout/cs_test_0123456789abcdef' })).statusCode).toBe(404);
  });

  it('answers 401 to visitors and 403 for another account through the Stripe path too', async () => {
    const other = await createUser(t);
    const before = standIn.requests.length;
    expect((await t.app.inject({ method: 'POST', url: '/create-checkout-session-plan', payload: body(other, {}) })).statusCode).toBe(401);
    expect((await openCheckout(t, token, 'vipPlan', body(other, {}))).statusCode).toBe(403);
    expect(standIn.requests.length).toBe(before);
  });
});
