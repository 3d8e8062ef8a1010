/**
 * Reservations end with the checkout (docs/product/offers-and-prices.md#reservations): cancelling the test checkout, the
 * buyer coming back to the cart, an expired provider session or taking the beat out of the cart frees the exclusive at
 * once; and a cart line whose exclusive was sold or ended says so and cannot be paid
 * (docs/product/offers-and-prices.md#cart-lines-that-cannot-be-paid).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartResponse } from '@beat/shared';
import { authed, createBeat, dbKind, fixedClock, fileTestApp, signedInUser, expectMessage } from '../../test/helper.js';
import { beats, checkouts, type BeatRow, type UserRow } from '../../db/schema.js';
import { body, deliver, lineOf, openCheckout, openCheckoutOk, testProvider } from './checkout.test-support.js';

const clock = fixedClock(new Date('2026-05-01T10:00:00Z'));

const t = fileTestApp({ clock });

const buyer = () => signedInUser(t);
const minutes = (n: number) => new Date(clock.now().getTime() + n * 60_000);
const exclusive = (title: string, overrides: Partial<BeatRow> = {}) =>
  createBeat(t, { title, beatType: 'Exclusive', priceCents: 50000, ...overrides });
async function reload(beat: BeatRow): Promise<BeatRow> {
  const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
  return row!;
}
async function statusOf(checkoutId: string): Promise<string> {
  const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return row!.status;
}
const buyExclusive = (who: { user: UserRow; token: string }, beat: BeatRow) =>
  openCheckout(t, who.token, 'exclusive', body(who.user, { beatId: beat.id, price: beat.priceCents! / 100 }));

/** The beat is held for `holder` (another buyer is refused with 409), then the release frees it for that other buyer. */
async function expectHeldThenFree(beat: BeatRow, release: () => Promise<void>) {
  const other = await buyer();
  const refused = await buyExclusive(other, beat);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().message).toContain(`${beat.title} is being bought by another customer right now.`);
  await release();
  const held = await reload(beat);
  expect(held.reservedBy).toBeNull();
  expect(held.reservedUntil).toBeNull();
  expect((await buyExclusive(other, beat)).statusCode).toBe(200);
}

describe(`reservations end with the checkout (${dbKind})`, () => {
  it('cancelling at the test checkout ends the session and frees the exclusive at once', async () => {
    const first = await buyer();
    const beat = await exclusive('Cancel Me');
    const opened = await openCheckoutOk(t, first.token, 'exclusive', body(first.user, { beatId: beat.id }));
    const page = await t.app.inject({ method: 'GET', url: `/test-checkout/${opened.sessionId}` });
    // Both of the page's ways out (the Cancel link and the footer's) end the session.
    expect(page.body.match(new RegExp(`href="/test-checkout/${opened.sessionId}/cancel"`, 'g'))).toHaveLength(2);
    expect(page.body).not.toContain('href="/cart"');

    await expectHeldThenFree(beat, async () => {
      const cancel = await t.app.inject({ method: 'GET', url: `/test-checkout/${opened.sessionId}/cancel` });
      expect(cancel.statusCode).toBe(303);
      expect(cancel.headers.location).toBe('/cart');
    });
    expect(await statusOf(opened.checkout.id)).toBe('expired');
    // The cancelled session cannot be paid any more.
    const again = await t.app.inject({ method: 'GET', url: `/test-checkout/${opened.sessionId}` });
    expect(again.body).toContain('This checkout has expired');
  });

  it('coming back to the cart from the checkout (its cancel address) ends it through POST /api/checkout/cancel', async () => {
    const first = await buyer();
    const beat = await exclusive('Come Back');
    const res = await buyExclusive(first, beat);
    expect(res.statusCode).toBe(200);
    const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.providerSessionId, res.json().session.id));
    const cancel = (token: string, checkout: unknown) =>
      t.app.inject(authed(token, { method: 'POST', url: '/api/checkout/cancel', payload: { checkout } }));

    // Only the checkout's own buyer (or an admin) may end it; bad input is a 400.
    const stranger = await buyer();
    expectMessage(await cancel(stranger.token, row!.id), 403, 'This checkout belongs to another account.');
    expect((await cancel(first.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expectMessage(await cancel(first.token, ''), 400, 'checkout is required');
    expect((await reload(beat)).reservedBy).toBe(first.user.id);

    // The store's own checkout id, as the cancel address carries it.
    await expectHeldThenFree(beat, async () => {
      const ended = await cancel(first.token, row!.id);
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toEqual({ status: 'expired' });
    });
    // Twice is harmless; a paid checkout is never undone by it.
    expect((await cancel(first.token, res.json().session.id)).json()).toEqual({ status: 'expired' });
  });

  it('an expired session (checkout.session.expired) frees the exclusive at once, before its 30 minutes', async () => {
    const first = await buyer();
    const beat = await exclusive('Expire Me');
    const opened = await openCheckoutOk(t, first.token, 'exclusive', body(first.user, { beatId: beat.id }));
    await expectHeldThenFree(beat, async () => {
      // Stripe's event for a session it ended (the payload says expired while the store still has it open).
      const built = (await testProvider(t).buildEvent('checkout.session.expired', opened.sessionId))!;
      const event = JSON.parse(built.payload);
      event.data.object.status = 'expired';
      const payload = JSON.stringify(event);
      const res = await deliver(t, { payload, header: testProvider(t).sign(payload) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ received: true, outcome: 'expired' });
    });
    expect(await statusOf(opened.checkout.id)).toBe('expired');
  });

  it('taking the exclusive out of the cart ends the checkout that holds it, and only that buyer’s', async () => {
    const first = await buyer();
    const beat = await exclusive('Changed My Mind');
    const lease = await createBeat(t, { title: 'Stays In Cart', priceCents: 1999 });
    for (const id of [beat.id, lease.id]) {
      const added = await t.app.inject(authed(first.token, { method: 'POST', url: '/api/cart', payload: { userId: first.user.id, beatId: id } }));
      expect(added.statusCode).toBe(200);
    }
    const opened = await openCheckoutOk(t, first.token, 'beatPurchase', body(first.user, { beatDetails: [lineOf(beat), lineOf(lease)] }));

    // Another buyer removing it from their own cart changes nothing.
    const other = await buyer();
    await t.app.inject(authed(other.token, { method: 'DELETE', url: '/api/cart', payload: { userId: other.user.id, beatId: beat.id } }));
    expect((await reload(beat)).reservedBy).toBe(first.user.id);
    expect(await statusOf(opened.checkout.id)).toBe('open');

    await expectHeldThenFree(beat, async () => {
      const removed = await t.app.inject(
        authed(first.token, { method: 'DELETE', url: '/api/cart', payload: { userId: first.user.id, beatId: beat.id } }),
      );
      expect(removed.statusCode).toBe(200);
    });
    expect(await statusOf(opened.checkout.id)).toBe('expired');
  });

  it('an exclusive whose countdown ended while held turns over as soon as its checkout is cancelled', async () => {
    const first = await buyer();
    const beat = await exclusive('Ends While Held', { countdownEndTime: minutes(5) });
    const opened = await openCheckoutOk(t, first.token, 'exclusive', body(first.user, { beatId: beat.id }));
    clock.set(minutes(6));
    const nudge = await t.app.inject({ method: 'POST', url: '/api/changebeattype', payload: { beatId: beat.id } });
    expect(nudge.json().changed).toBe(false);
    await t.app.inject({ method: 'GET', url: `/test-checkout/${opened.sessionId}/cancel` });
    const row = await reload(beat);
    expect(row.beatType).toBe('Non-Exclusive');
    expect(row.priceCents).toBe(t.deps.config.prices.leaseCents);
  });
});

describe(`cart lines that cannot be paid (${dbKind})`, () => {
  it('a sold exclusive stays on the cart line with a message, and the checkout refuses it naming the beat', async () => {
    const me = await buyer();
    const beat = await exclusive('Sold Under Me');
    await t.app.inject(authed(me.token, { method: 'POST', url: '/api/cart', payload: { userId: me.user.id, beatId: beat.id } }));
    clock.advance(1000);
    await t.deps.db.update(beats).set({ soldAt: clock.now() }).where(eq(beats.id, beat.id));

    const cart = (await t.app.inject(authed(me.token, { method: 'GET', url: `/api/cart/${me.user.id}` }))).json() as CartResponse;
    const line = cart.cartItems.find((i) => i._id === beat.id);
    expect(line?.unavailable).toBe('Sold Under Me has already been sold. Remove it from your cart to pay for the rest.');

    expectMessage(await openCheckout(t, me.token, 'beatPurchase', body(me.user, { beatDetails: [lineOf(beat)] })), 409, 'Sold Under Me has already been sold. Remove it from your cart to pay for the rest.');
  });

  it('an exclusive whose countdown ended says so on its cart line and cannot be paid until taken out', async () => {
    const me = await buyer();
    const beat = await exclusive('Time Ran Out', { countdownEndTime: minutes(2) });
    const lease = await createBeat(t, { title: 'Ordinary Lease', priceCents: 1999 });
    for (const id of [beat.id, lease.id]) {
      await t.app.inject(authed(me.token, { method: 'POST', url: '/api/cart', payload: { userId: me.user.id, beatId: id } }));
    }
    const before = (await t.app.inject(authed(me.token, { method: 'GET', url: `/api/cart/${me.user.id}` }))).json() as CartResponse;
    expect(before.cartItems.find((i) => i._id === beat.id)?.unavailable).toBeUndefined();

    clock.set(minutes(3));
    await t.app.inject({ method: 'POST', url: '/api/changebeattype', payload: { beatId: beat.id } });
    const after = (await t.app.inject(authed(me.token, { method: 'GET', url: `/api/cart/${me.user.id}` }))).json() as CartResponse;
    const line = after.cartItems.find((i) => i._id === beat.id)!;
    const lease$ = `$${(t.deps.config.prices.leaseCents / 100).toFixed(2)}`;
    const message = `The exclusive offer of Time Ran Out has ended: it is now in the VIP catalog at ${lease$}. Remove it from your cart to pay for the rest.`;
    expect(line.unavailable).toBe(message);
    expect(after.cartItems.find((i) => i._id === lease.id)?.unavailable).toBeUndefined();

    // Refused whatever price the page sends (the old exclusive price, the new lease price, none).
    for (const price of [500, t.deps.config.prices.leaseCents / 100, undefined]) {
      expectMessage(await openCheckout(t, me.token, 'beatPurchase', body(me.user, { beatDetails: [{ beatId: beat.id, price }, lineOf(lease)] })), 409, message);
    }
    // The rest of the cart can be paid.
    expect((await openCheckout(t, me.token, 'beatPurchase', body(me.user, { beatDetails: [lineOf(lease)] }))).statusCode).toBe(200);
  });
});
