/** Opening checkouts: server prices, the 409s and 400s, who may call, and exclusives held for one buyer. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { beforeAllFixture, createBeat, createUser, fixedClock, loginAs, fileTestApp, signedInUser, expectMessage } from '../../test/helper.js';
import { beats, checkoutItems, checkouts, entitlements } from '../../db/schema.js';
import { body, buyerAndLeases, lineOf, openCheckout, openCheckoutOk } from './checkout.test-support.js';

const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
const t = fileTestApp({ clock });
const f = beforeAllFixture(async () => {
  const { user: other, token: otherToken } = await signedInUser(t);
  return {
    ...(await buyerAndLeases(t)),
    other,
    otherToken,
    noPrice: await createBeat(t, { title: 'VIP Only', priceCents: null, stemsKey: 'audio/s.zip' }),
    exclusive: await createBeat(t, { title: 'Only One', beatType: 'Exclusive', priceCents: 30000 }),
  };
});

const checkoutCount = async () => (await t.deps.db.select().from(checkouts)).length;

describe('prices come from the server', () => {
  it('opens a cart checkout at the beats’ own prices and answers session.url', async () => {
    const { url, sessionId, checkout } = await openCheckoutOk(t, f.token, 'beatPurchase', body(f.buyer, { beatDetails: [lineOf(f.lease), lineOf(f.lease2)], sessionType: 'beatPurchase' }));
    expect(sessionId).toMatch(/^cs_test_[0-9a-f]+$/);
    expect(url).toBe(`/test-checkout/${sessionId}`);
    expect(checkout).toMatchObject({ amountCents: 1999 + 2999, sessionType: 'beatPurchase', status: 'open', userId: f.buyer.id, provider: 'test' });
    expect(checkout.expiresAt.getTime() - clock.now().getTime()).toBe(30 * 60_000);
    const items = await t.deps.db.select().from(checkoutItems).where(eq(checkoutItems.checkoutId, checkout.id));
    expect(items.map((i) => [i.title, i.kind, i.priceCents]).sort()).toEqual([
      ['Static Run', 'lease', 2999],
      ['Velvet Waves', 'lease', 1999],
    ]);
  });

  it('charges the server price when the client sends none, and the configured stems and plan prices', async () => {
    const cart = await openCheckoutOk(t, f.token, 'beatPurchase', body(f.buyer, { beatDetails: [{ beatId: f.lease.id }] }));
    expect(cart.checkout.amountCents).toBe(1999);
    const stems = await openCheckoutOk(t, f.token, 'stems', body(f.buyer, { beatDetails: [{ beatId: f.withStems.id, price: 25 }, { beatId: f.noPrice.id, price: 25 }], sessionType: 'stems' }));
    expect(stems.checkout.amountCents).toBe(5000);
    const plan = await openCheckoutOk(t, f.token, 'vipPlan', body(f.buyer, { price: 29, sessionType: 'vipPlan' }));
    expect(plan.checkout.amountCents).toBe(2900);
  });

  it('refuses a differing client price with 409 naming the current price, and opens nothing', async () => {
    const before = await checkoutCount();
    expectMessage(await openCheckout(t, f.token, 'beatPurchase', body(f.buyer, { beatDetails: [{ ...lineOf(f.lease), price: 1 }] })), 409, 'The price of Velvet Waves is $19.99, not $1.00. Please review it and try again.');

    expectMessage(await openCheckout(t, f.token, 'vipPlan', body(f.buyer, { price: 99, sessionType: 'vipPlan' })), 409, 'The price of the VIP plan is $29.00, not $99.00. Please review it and try again.');

    expectMessage(await openCheckout(t, f.token, 'stems', body(f.buyer, { beatDetails: [{ beatId: f.withStems.id, price: 5 }] })), 409, 'The price of the stems of Layer Cake is $25.00, not $5.00. Please review it and try again.');

    expectMessage(await openCheckout(t, f.token, 'exclusive', body(f.buyer, { beatId: f.exclusive.id, price: 20, beatName: 'Only One' })), 409, 'The price of Only One is $300.00, not $20.00. Please review it and try again.');

    expect(await checkoutCount()).toBe(before);
    const [beat] = await t.deps.db.select().from(beats).where(eq(beats.id, f.exclusive.id));
    expect(beat!.reservedBy).toBeNull();
  });
});

describe('what cannot be bought', () => {
  it('answers 400 with readable messages', async () => {
    const before = await checkoutCount();
    const cases: Array<[keyof typeof import('./checkout.test-support.js').checkoutPaths, object, string]> = [
      ['beatPurchase', { beatDetails: [] }, 'Please select at least one item to purchase.'],
      ['beatPurchase', { beatDetails: [{ beatId: f.noPrice.id }] }, 'VIP Only is not sold as a single MP3 lease: it comes with the VIP catalog.'],
      ['stems', { beatDetails: [{ beatId: f.lease.id, price: 25 }] }, 'Stems are not available for this beat, sorry'],
      ['exclusive', { beatId: f.lease.id }, 'Velvet Waves is not an exclusive: buy its MP3 lease through the cart instead.'],
      ['beatPurchase', { beatDetails: [{ beatId: f.lease.id }], sessionType: 'stems' }, "sessionType must be 'beatPurchase' for this call"],
      ['vipPlan', { price: 'free' }, 'price must be a number of dollars'],
      ['beatPurchase', { beatDetails: [{ beatId: 'nope' }] }, 'beatId is not a valid id'],
    ];
    for (const [kind, extra, message] of cases) {
      const res = await openCheckout(t, f.token, kind, body(f.buyer, extra));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const priceless = await createBeat(t, { title: 'Priceless', beatType: 'Exclusive', priceCents: null });
    expectMessage(await openCheckout(t, f.token, 'exclusive', body(f.buyer, { beatId: priceless.id })), 400, 'No price for this beat');
    expectMessage(await openCheckout(t, f.token, 'vipPlan', { userId: f.buyer.id, email: 'someone@else.test' }), 400, 'email does not match the account of userId.');
    expect(await checkoutCount()).toBe(before);
  });

  it('refuses to sell what the buyer already has (409)', async () => {
    const owner = await createUser(t);
    const ownerToken = await loginAs(t, owner);
    await t.deps.db.insert(entitlements).values({ userId: owner.id, beatId: f.lease.id, source: 'lease' });
    expectMessage(await openCheckout(t, ownerToken, 'beatPurchase', body(owner, { beatDetails: [{ beatId: f.lease.id }] })), 409, 'You already own Velvet Waves. Find it on your dashboard.');

    const vip = await createUser(t, { userType: 'vipUser' });
    const vipToken = await loginAs(t, vip);
    expectMessage(await openCheckout(t, vipToken, 'vipPlan', body(vip, {})), 409, 'You are already a VIP Member.');
    const vipLease = await openCheckout(t, vipToken, 'beatPurchase', body(vip, { beatDetails: [{ beatId: f.lease.id }] }));
    expect(vipLease.json().message).toBe('Velvet Waves is already yours with the VIP catalog.');
  });
});

describe('who may open a checkout', () => {
  it('answers 401 to visitors on every checkout call', async () => {
    for (const url of ['/create-checkout-session', '/create-checkout-session-stems', '/create-checkout-session-exclusive', '/create-checkout-session-plan']) {
      const res = await t.app.inject({ method: 'POST', url, payload: body(f.buyer, { beatDetails: [{ beatId: f.lease.id }], beatId: f.exclusive.id }) });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('answers 403 when the call names another user, and opens nothing', async () => {
    const before = await checkoutCount();
    expectMessage(await openCheckout(t, f.otherToken, 'vipPlan', body(f.buyer, {})), 403, 'You can only access your own account.');
    const excl = await openCheckout(t, f.otherToken, 'exclusive', body(f.buyer, { beatId: f.exclusive.id }));
    expect(excl.statusCode).toBe(403);
    expect(await checkoutCount()).toBe(before);
  });
});

describe('exclusives are held for one buyer', () => {
  it('holds the beat 30 minutes: 409 for others, fine for the same buyer, free again after', async () => {
    const beat = await createBeat(t, { title: 'Held Tight', beatType: 'Exclusive', priceCents: 25000 });
    const first = await openCheckoutOk(t, f.token, 'exclusive', body(f.buyer, { beatId: beat.id, price: 250, beatName: 'Held Tight', sessionType: 'exclusive' }));
    const [held] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(held!.reservedBy).toBe(f.buyer.id);
    expect(held!.reservedUntil!.getTime() - clock.now().getTime()).toBe(30 * 60_000);

    const blocked = await openCheckout(t, f.otherToken, 'exclusive', body(f.other, { beatId: beat.id, price: 250 }));
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      'Held Tight is being bought by another customer right now. If they do not complete their purchase it is available again within 30 minutes.',
    );
    // The cart path holds it too.
    const viaCart = await openCheckout(t, f.otherToken, 'beatPurchase', body(f.other, { beatDetails: [{ beatId: beat.id }, { beatId: f.lease.id }] }));
    expect(viaCart.statusCode).toBe(409);

    // The holder may start again (a new tab); the hold moves with them.
    await openCheckoutOk(t, f.token, 'exclusive', body(f.buyer, { beatId: beat.id }));

    clock.advance(30 * 60_000 + 1000);
    const later = await openCheckoutOk(t, f.otherToken, 'exclusive', body(f.other, { beatId: beat.id }));
    const [moved] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(moved!.reservedBy).toBe(f.other.id);
    // The lapsed buyer's sessions were ended at the provider, so they cannot pay any more.
    const [old] = await t.deps.db.select().from(checkouts).where(eq(checkouts.id, first.checkout.id));
    expect(old!.status).toBe('expired');
    expect(later.checkout.status).toBe('open');
  });

  it('refuses a sold exclusive with 409', async () => {
    const gone = await createBeat(t, { title: 'Sold Out', beatType: 'Exclusive', priceCents: 10000, soldAt: new Date() });
    expectMessage(await openCheckout(t, f.token, 'exclusive', body(f.buyer, { beatId: gone.id })), 409, 'Sold Out has already been sold.');
  });
});
