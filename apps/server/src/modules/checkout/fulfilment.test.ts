/**
 * Paying at the built-in test checkout and settling through the webhook: signatures, one fulfilment per
 * checkout however often its event arrives, delayed payments, expiry, the success page, exclusives and refunds.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ConfirmCheckoutResponse } from '@beat/shared';
import { authed, beforeAllFixture, createBeat, fixedClock, fileTestApp, signedInUser, expectMessage } from '../../test/helper.js';
import {
  beats,
  cartItems,
  checkouts,
  entitlements,
  mailOutbox,
  processedEvents,
  purchases,
  refunds,
  stemsCartItems,
  users,
} from '../../db/schema.js';
import { body, buyerAndLeases, deliver, lineOf, openCheckoutOk, payAtTestCheckout, payWithoutWebhook, runRefundJobs, testProvider } from './checkout.test-support.js';

const clock = fixedClock(new Date('2026-04-01T09:00:00Z'));
const t = fileTestApp({ clock });
const f = beforeAllFixture(() => buyerAndLeases(t));

const purchasesOf = (userId: string) => t.deps.db.select().from(purchases).where(eq(purchases.userId, userId));
const mailTo = (email: string) => t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const confirm = (sessionId: string, as = f.token) =>
  t.app.inject(authed(as, { method: 'POST', url: '/api/checkout/confirm', payload: { sessionId } }));

const freshBuyer = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides);

describe('the built-in test checkout page', () => {
  it('shows the items, the total, a card form with Pay and a Cancel link that ends the session, under its own CSP', async () => {
    const { sessionId, url } = await openCheckoutOk(t, f.token, 'beatPurchase', body(f.buyer, { beatDetails: [lineOf(f.lease), lineOf(f.lease2)] }));
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('Velvet Waves');
    expect(page.body).toContain('Static Run');
    expect(page.body).toContain('$49.98');
    expect(page.body).toContain('>Pay $49.98</button>');
    expect(page.body).toMatch(new RegExp(`<a class="back" href="/test-checkout/${sessionId}/cancel"[^>]*>.*Cancel</a>`));
    expect(page.body).toContain('4242 4242 4242 4242');
    expect(page.body).toContain(f.buyer.email);
    for (const asset of ['checkout.css', 'checkout.js']) {
      const res = await t.app.inject({ method: 'GET', url: `/test-checkout/assets/${asset}` });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/test-checkout/cs_test_00000000000000000000' })).statusCode).toBe(404);
    expect(sessionId).toBeTruthy();
  });

  it('refuses other cards with the card form’s messages and takes nothing', async () => {
    const { sessionId, checkout } = await openCheckoutOk(t, f.token, 'beatPurchase', body(f.buyer, { beatDetails: [lineOf(f.lease)] }));
    const cases: Array<[Record<string, string>, string]> = [
      [{ cardNumber: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
      [{ cardNumber: '4000 0000 0000 0002' }, 'Your card was declined.'],
      [{ cardNumber: '5555 5555 5555 4444' }, 'This test checkout takes only the test card 4242 4242 4242 4242.'],
      [{ expiry: '01 / 20' }, "Your card's expiration date is in the past."],
      [{ cvc: '1' }, "Your card's security code is incomplete."],
      [{ name: ' ' }, 'Enter the name on your card.'],
    ];
    for (const [card, message] of cases) {
      const res = await payAtTestCheckout(t, sessionId, card);
      expect(res.statusCode, message).toBe(400);
      expect(res.body).toContain(message.replace(/'/g, '&#39;'));
    }
    const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(row!.status).toBe('open');
    expect(await purchasesOf(f.buyer.id)).toHaveLength(0);
  });

  it('pays with 4242…: the webhook fulfils, the browser goes to /paymentConfirm, and everything lands once', async () => {
    const { user, token: userToken } = await freshBuyer({ fullName: 'Pat Payer' });
    await t.app.inject(authed(userToken, { method: 'POST', url: '/api/cart', payload: { userId: user.id, beatId: f.lease.id } }));
    await t.app.inject(authed(userToken, { method: 'POST', url: '/api/cart', payload: { userId: user.id, beatId: f.lease2.id } }));
    const { sessionId, checkout } = await openCheckoutOk(t, userToken, 'beatPurchase', body(user, { beatDetails: [lineOf(f.lease), lineOf(f.lease2)] }));

    const paid = await payAtTestCheckout(t, sessionId);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/paymentConfirm?session_id=${sessionId}`);

    const bought = await purchasesOf(user.id);
    expect(bought.map((p) => [p.title, p.kind, p.priceCents, p.sessionType]).sort()).toEqual([
      ['Static Run', 'lease', 2999, 'beatPurchase'],
      ['Velvet Waves', 'lease', 1999, 'beatPurchase'],
    ]);
    const owned = await t.deps.db.select().from(entitlements).where(eq(entitlements.userId, user.id));
    expect(owned.map((e) => e.source)).toEqual(['lease', 'lease']);
    expect(await t.deps.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);
    const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(row).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    expect(row!.fulfilledAt).not.toBeNull();

    const mail = await mailTo(user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your Beat Market receipt');
    expect(mail[0]!.text).toContain('Velvet Waves (MP3 Lease): $19.99');
    expect(mail[0]!.text).toContain('Total paid: $49.98');
    expect(mail[0]!.text).toContain('/user-dashboard');

    // The success page agrees, and settles nothing twice.
    const confirmed = await confirm(sessionId, userToken);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'paid', sessionType: 'beatPurchase', total: 49.98 });
    // Paying again is not possible.
    const again = await payAtTestCheckout(t, sessionId);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This checkout is already paid');
    expect(await purchasesOf(user.id)).toHaveLength(2);
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it('shows an expired session as expired and does not take the payment', async () => {
    const { user, token: userToken } = await freshBuyer();
    const { sessionId, url } = await openCheckoutOk(t, userToken, 'beatPurchase', body(user, { beatDetails: [lineOf(f.lease)] }));
    clock.advance(30 * 60_000);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body).toContain('This checkout has expired');
    const paid = await payAtTestCheckout(t, sessionId);
    expect(paid.statusCode).toBe(410);
    expect(await purchasesOf(user.id)).toHaveLength(0);
    const confirmed = await confirm(sessionId, userToken);
    expect(confirmed.json().status).toBe('expired');
  });
});

describe('the webhook', () => {
  async function paidEvent() {
    const { user, token: userToken } = await freshBuyer();
    const opened = await openCheckoutOk(t, userToken, 'beatPurchase', body(user, { beatDetails: [lineOf(f.lease)] }));
    const event = await payWithoutWebhook(t, opened.sessionId);
    return { user, userToken, event, ...opened };
  }

  it('refuses forged, tampered, header-less and stale events with 400 and changes nothing', async () => {
    const { user, event } = await paidEvent();
    const eventsBefore = (await t.deps.db.select().from(processedEvents)).length;
    const provider = testProvider(t);
    const Stripe = (await import('stripe')).default;
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: 'whsec_not_the_right_one',
      timestamp: Math.floor(clock.now().getTime() / 1000),
    });
    const tampered = event.payload.replace('"amount_total":1999', '"amount_total":1');
    expect(tampered).not.toBe(event.payload);
    const stale = provider.sign(event.payload, new Date(clock.now().getTime() - 301_000));

    const attempts = [
      { payload: event.payload, header: forged },
      { payload: tampered, header: event.header },
      { payload: event.payload },
      { payload: event.payload, header: 'not-a-signature' },
      { payload: event.payload, header: stale },
    ];
    for (const attempt of attempts) {
      expectMessage(await deliver(t, attempt), 400, 'Webhook signature verification failed.');
    }
    expect(await purchasesOf(user.id)).toHaveLength(0);
    expect(await t.deps.db.select().from(processedEvents)).toHaveLength(eventsBefore);

    // Inside the 300-second tolerance it is accepted.
    const recent = { payload: event.payload, header: provider.sign(event.payload, new Date(clock.now().getTime() - 290_000)) };
    expect((await deliver(t, recent)).statusCode).toBe(200);
    expect(await purchasesOf(user.id)).toHaveLength(1);
  });

  it('fulfils once however often the same event is delivered, and once across different events', async () => {
    const eventsSeen = (await t.deps.db.select().from(processedEvents)).length;
    const { user, event, sessionId, userToken } = await paidEvent();
    for (let i = 0; i < 3; i++) {
      const res = await deliver(t, event);
      expect(res.statusCode).toBe(200);
      expect(res.json().outcome).toBe(i === 0 ? 'paid' : 'duplicate');
    }
    // Another event about the same paid session (Stripe sends several) and the success page: still one fulfilment.
    const second = await testProvider(t).buildEvent('checkout.session.async_payment_succeeded', sessionId);
    expect((await deliver(t, second!)).json().outcome).toBe('paid');
    expect((await confirm(sessionId, userToken)).json().status).toBe('paid');
    expect(await purchasesOf(user.id)).toHaveLength(1);
    expect(await mailTo(user.email)).toHaveLength(1);
    expect(await t.deps.db.select().from(processedEvents)).toHaveLength(eventsSeen + 2);
  });

  it('answers 2xx to unknown sessions and to events it does not act on, changing nothing', async () => {
    const provider = testProvider(t);
    const unknown = JSON.stringify({
      id: 'evt_test_unknown',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_doesnotexist', object: 'checkout.session', payment_status: 'paid', status: 'complete', expires_at: 1, amount_total: 100 } },
    });
    const res = await deliver(t, { payload: unknown, header: provider.sign(unknown) });
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('unknown-session');
    const other = JSON.stringify({ id: 'evt_test_other', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1', object: 'charge' } } });
    const ignored = await deliver(t, { payload: other, header: provider.sign(other) });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().outcome).toBe('ignored');
  });

  it('grants nothing for a completed but unpaid (delayed) payment until async_payment_succeeded; failed releases', async () => {
    const { user, token: userToken } = await freshBuyer();
    const provider = testProvider(t);
    const opened = await openCheckoutOk(t, userToken, 'stems', body(user, { beatDetails: [{ beatId: f.withStems.id, price: 25 }] }));
    // The buyer chose a bank debit: the session completes, the money has not arrived.
    await t.deps.db.update(checkouts).set({ status: 'complete', paymentIntentId: 'pi_test_delayed' }).where(eq(checkouts.id, opened.checkout.id));
    const completed = await provider.buildEvent('checkout.session.completed', opened.sessionId);
    expect((await deliver(t, completed!)).json().outcome).toBe('processing');
    expect(await purchasesOf(user.id)).toHaveLength(0);
    expect((await confirm(opened.sessionId, userToken)).json().status).toBe('processing');

    await t.deps.db.update(checkouts).set({ paymentStatus: 'paid' }).where(eq(checkouts.id, opened.checkout.id));
    const succeeded = await provider.buildEvent('checkout.session.async_payment_succeeded', opened.sessionId);
    expect((await deliver(t, succeeded!)).json().outcome).toBe('paid');
    const bought = await purchasesOf(user.id);
    expect(bought.map((p) => [p.kind, p.title, p.priceCents])).toEqual([['stems', 'Layer Cake', 2500]]);

    // A failed delayed payment for an exclusive frees the beat.
    const exclusive = await createBeat(t, { title: 'Slow Money', beatType: 'Exclusive', priceCents: 20000 });
    const held = await openCheckoutOk(t, userToken, 'exclusive', body(user, { beatId: exclusive.id }));
    await t.deps.db.update(checkouts).set({ status: 'complete' }).where(eq(checkouts.id, held.checkout.id));
    const failed = await provider.buildEvent('checkout.session.async_payment_failed', held.sessionId);
    expect((await deliver(t, failed!)).json().outcome).toBe('failed');
    const [beat] = await t.deps.db.select().from(beats).where(eq(beats.id, exclusive.id));
    expect(beat).toMatchObject({ reservedBy: null, soldAt: null });
  });

  it('logs an expired session, marks it expired and frees its exclusive', async () => {
    const { user, token: userToken } = await freshBuyer();
    const exclusive = await createBeat(t, { title: 'Left Behind', beatType: 'Exclusive', priceCents: 20000 });
    const held = await openCheckoutOk(t, userToken, 'exclusive', body(user, { beatId: exclusive.id }));
    await testProvider(t).expireCheckoutSession(held.sessionId);
    const expired = await testProvider(t).buildEvent('checkout.session.expired', held.sessionId);
    const res = await deliver(t, expired!);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('expired');
    const [beat] = await t.deps.db.select().from(beats).where(eq(beats.id, exclusive.id));
    expect(beat!.reservedBy).toBeNull();
  });
});

describe('the success page settles its own session', () => {
  it('fulfils a paid checkout whose webhook never arrived', async () => {
    const { user, token: userToken } = await freshBuyer();
    const opened = await openCheckoutOk(t, userToken, 'vipPlan', body(user, { price: 29 }));
    await payWithoutWebhook(t, opened.sessionId);
    expect(await purchasesOf(user.id)).toHaveLength(0);
    const res = await confirm(opened.sessionId, userToken);
    expect(res.statusCode).toBe(200);
    expect(res.json() as ConfirmCheckoutResponse).toEqual({
      checkoutId: expect.any(String),
      status: 'paid',
      sessionType: 'vipPlan',
      total: 29,
      items: [{ title: 'VIP catalog plan', kind: 'vipPlan', price: 29, refunded: false }],
    });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.userType).toBe('vipUser');
    // The late webhook changes nothing.
    const late = await testProvider(t).buildEvent('checkout.session.completed', opened.sessionId);
    expect((await deliver(t, late!)).statusCode).toBe(200);
    expect(await purchasesOf(user.id)).toHaveLength(1);
  });

  it('answers 401 to visitors, 403 for another account’s session, 404 for an unknown one, 400 for none', async () => {
    const { user, token: userToken } = await freshBuyer();
    const opened = await openCheckoutOk(t, userToken, 'beatPurchase', body(user, { beatDetails: [lineOf(f.lease)] }));
    expect((await t.app.inject({ method: 'POST', url: '/api/checkout/confirm', payload: { sessionId: opened.sessionId } })).statusCode).toBe(401);
    expectMessage(await confirm(opened.sessionId, f.token), 403, 'This checkout belongs to another account.');
    expect((await confirm('cs_test_nothing', userToken)).statusCode).toBe(404);
    expectMessage(await t.app.inject(authed(userToken, { method: 'POST', url: '/api/checkout/confirm', payload: {} })), 400, 'sessionId is required');
  });
});

describe('exclusives', () => {
  it('a paid exclusive is sold: it leaves the store, other carts say so, and its buyer owns everything', async () => {
    const { user, token: userToken } = await freshBuyer();
    const { user: watcher, token: watcherToken } = await freshBuyer();
    const exclusive = await createBeat(t, { title: 'Crown Jewel', beatType: 'Exclusive', priceCents: 50000, stemsKey: 'audio/cj.zip' });
    for (const [u, tok] of [[user, userToken], [watcher, watcherToken]] as const) {
      await t.app.inject(authed(tok, { method: 'POST', url: '/api/cart', payload: { userId: u.id, beatId: exclusive.id } }));
    }
    const opened = await openCheckoutOk(t, userToken, 'exclusive', body(user, { beatId: exclusive.id, price: 500, beatName: 'Crown Jewel' }));
    expect((await payAtTestCheckout(t, opened.sessionId)).statusCode).toBe(303);

    const [beat] = await t.deps.db.select().from(beats).where(eq(beats.id, exclusive.id));
    expect(beat!.soldAt).not.toBeNull();
    expect(beat!.reservedBy).toBeNull();
    const listed = (await t.app.inject({ method: 'GET', url: '/api/getbeats' })).json() as { beats: Array<{ _id: string }> };
    expect(listed.beats.some((b) => b._id === exclusive.id)).toBe(false);
    // The buyer's cart is done with it; another buyer's cart keeps the line, saying it was sold
    // (docs/product/offers-and-prices.md#cart-lines-that-cannot-be-paid).
    const carted = await t.deps.db.select().from(cartItems).where(eq(cartItems.beatId, exclusive.id));
    expect(carted.map((c) => c.userId)).toEqual([watcher.id]);
    const watcherCart = (await t.app.inject(authed(watcherToken, { method: 'GET', url: `/api/cart/${watcher.id}` }))).json();
    expect(watcherCart.cartItems).toEqual([
      expect.objectContaining({ _id: exclusive.id, unavailable: 'Crown Jewel has already been sold. Remove it from your cart to pay for the rest.' }),
    ]);
    const owned = await t.deps.db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.userId, user.id), eq(entitlements.beatId, exclusive.id)));
    expect(owned.map((e) => e.source)).toEqual(['exclusive']);
    expect(await t.deps.db.select().from(stemsCartItems).where(eq(stemsCartItems.beatId, exclusive.id))).toEqual([]);
  });

  it('a second completed payment for a sold exclusive is refunded, recorded, and its buyer told', async () => {
    const { user: first, token: firstToken } = await freshBuyer({ fullName: 'First Fan' });
    const { user: second, token: secondToken } = await freshBuyer({ fullName: 'Second Fan' });
    const exclusive = await createBeat(t, { title: 'Twice Wanted', beatType: 'Exclusive', priceCents: 40000 });

    // The first buyer pays, but the provider's event is late...
    const a = await openCheckoutOk(t, firstToken, 'exclusive', body(first, { beatId: exclusive.id }));
    const lateEvent = await payWithoutWebhook(t, a.sessionId);
    // ...so after the hold lapses a second buyer gets it and pays too.
    clock.advance(31 * 60_000);
    const b = await openCheckoutOk(t, secondToken, 'exclusive', body(second, { beatId: exclusive.id }));
    expect((await payAtTestCheckout(t, b.sessionId)).statusCode).toBe(303);
    // The late event arrives (each delivery attempt is signed afresh): that payment cannot be honoured and is refunded.
    const redeliver = () => deliver(t, { payload: lateEvent.payload, header: testProvider(t).sign(lateEvent.payload) });
    expect((await redeliver()).statusCode).toBe(200);
    // The refund is made by the job the settlement queued.
    await runRefundJobs(t);

    const secondOwns = await t.deps.db.select().from(entitlements).where(eq(entitlements.userId, second.id));
    expect(secondOwns.map((e) => e.source)).toEqual(['exclusive']);
    expect(await t.deps.db.select().from(entitlements).where(eq(entitlements.userId, first.id))).toEqual([]);
    const [firstPurchase] = await purchasesOf(first.id);
    expect(firstPurchase!.refundedAt).not.toBeNull();
    const recorded = await t.deps.db.select().from(refunds).where(eq(refunds.checkoutId, a.checkout.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.amountCents).toBe(40000);
    expect(recorded[0]!.providerRefundId).toMatch(/^re_test_/);
    const mail = await mailTo(first.email);
    expect(mail.map((m) => m.subject).sort()).toEqual(['Refund for Twice Wanted — Beat Market', 'Your Beat Market receipt']);
    expect(mail.find((m) => m.subject.startsWith('Refund'))!.text).toContain('We have refunded $400.00');
    const confirmed = (await confirm(a.sessionId, firstToken)).json() as ConfirmCheckoutResponse;
    expect(confirmed.items).toEqual([
      { title: 'Twice Wanted', kind: 'exclusive', price: 400, refunded: true, tier: { key: 'exclusive', name: 'Exclusive' } },
    ]);
    // Told once, even when asked again.
    expect((await redeliver()).json().outcome).toBe('duplicate');
    expect(await mailTo(first.email)).toHaveLength(2);
  });
});
