/** Opening checkouts: server prices, the 409s and 400s, who may call, and exclusives held for one buyer. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createBeat, createUser, fixedClock, loginAs, fileTestApp } from '../../test/helper.js';
import { beats, checkoutItems, checkouts, entitlements, type BeatRow, type UserRow } from '../../db/schema.js';
import { body, lineOf, openCheckout, openCheckoutOk } from './checkout.test-support.js';

const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
let buyer: UserRow;
let token: string;
let other: UserRow;
let otherToken: string;
let lease: BeatRow;
let lease2: BeatRow;
let noPrice: BeatRow;
let withStems: BeatRow;
let exclusive: BeatRow;

const t = fileTestApp({ clock });
beforeAll(async () => {
  buyer = await createUser(t, { fullName: 'Bea Buyer' });
  other = await createUser(t);
  token = await loginAs(t, buyer);
  otherToken = await loginAs(t, other);
  lease = await createBeat(t, { title: 'Velvet Waves', priceCents: 1999 });
  lease2 = await createBeat(t, { title: 'Static Run', priceCents: 2999 });
  noPrice = await createBeat(t, { title: 'VIP Only', priceCents: null, stemsKey: 'audio/s.zip' });
  withStems = await createBeat(t, { title: 'Layer Cake', priceCents: 2499, stemsKey: 'audio/test/stems.zip' });
  exclusive = await createBeat(t, { title: 'Only One', beatType: 'Exclusive', priceCents: 30000 });
});

const checkoutCount = async () => (await t.deps.db.select().from(checkouts)).length;

describe('prices come from the server', () => {
  it('opens a cart checkout at the beats’ own prices and answers session.url', async () => {
    const { url, sessionId, checkout } = await openCheckoutOk(t, token, 'beatPurchase', body(buyer, { beatDetails: [lineOf(lease), lineOf(lease2)], sessionType: 'beatPurchase' }));
    expect(sessionId).toMatch(/^cs_test_[0-9a-f]+$/);
    expect(url).toBe(`/test-checkout/${sessionId}`);
    expect(checkout).toMatchObject({ amountCents: 1999 + 2999, sessionType: 'beatPurchase', status: 'open', userId: buyer.id, provider: 'test' });
    expect(checkout.expiresAt.getTime() - clock.now().getTime()).toBe(30 * 60_000);
    const items = await t.deps.db.select().from(checkoutItems).where(eq(checkoutItems.checkoutId, checkout.id));
    expect(items.map((i) => [i.title, i.kind, i.priceCents]).sort()).toEqual([
      ['Static Run', 'lease', 2999],
      ['Velvet Waves', 'lease', 1999],
    ]);
  });

  it('charges the server price when the client sends none, and the configured stems and plan prices', async () => {
    const cart = await openCheckoutOk(t, token, 'beatPurchase', body(buyer, { beatDetails: [{ beatId: lease.id }] }));
    expect(cart.checkout.amountCents).toBe(1999);
    const stems = await openCheckoutOk(t, token, 'stems', body(buyer, { beatDetails: [{ beatId: withStems.id, price: 25 }, { beatId: noPrice.id, price: 25 }], sessionType: 'stems' }));
    expect(stems.checkout.amountCents).toBe(5000);
    const plan = await openCheckoutOk(t, token, 'vipPlan', body(buyer, { price: 29, sessionType: 'vipPlan' }));
    expect(plan.checkout.amountCents).toBe(2900);
  });

  it('refuses a differing client price with 409 naming the current price, and opens nothing', async () => {
    const before = await checkoutCount();
    const cheap = await openCheckout(t, token, 'beatPurchase', body(buyer, { beatDetails: [{ ...lineOf(lease), price: 1 }] }));
    expect(cheap.statusCode).toBe(409);
    expect(cheap.json().message).toBe('The price of Velvet Waves is $19.99, not $1.00. Please review it and try again.');

    const plan = await openCheckout(t, token, 'vipPlan', body(buyer, { price: 99, sessionType: 'vipPlan' }));
    expect(plan.statusCode).toBe(409);
    expect(plan.json().message).toBe('The price of the VIP plan is $29.00, not $99.00. Please review it and try again.');

    const stems = await openCheckout(t, token, 'stems', body(buyer, { beatDetails: [{ beatId: withStems.id, price: 5 }] }));
    expect(stems.statusCode).toBe(409);
    expect(stems.json().message).toBe('The price of the stems of Layer Cake is $25.00, not $5.00. Please review it and try again.');

    const excl = await openCheckout(t, token, 'exclusive', body(buyer, { beatId: exclusive.id, price: 20, beatName: 'Only One' }));
    expect(excl.statusCode).toBe(409);
    expect(excl.json().message).toBe('The price of Only One is $300.00, not $20.00. Please review it and try again.');

    expect(await checkoutCount()).toBe(before);
    const [beat] = await t.deps.db.select().from(beats).where(eq(beats.id, exclusive.id));
    expect(beat!.reservedBy).toBeNull();
  });
});

describe('what cannot be bought', () => {
  it('answers 400 with readable messages', async () => {
    const before = await checkoutCount();
    const cases: Array<[keyof typeof import('./checkout.test-support.js').checkoutPaths, object, string]> = [
      ['beatPurchase', { beatDetails: [] }, 'Please select at least one item to purchase.'],
      ['beatPurchase', { beatDetails: [{ beatId: noPrice.id }] }, 'VIP Only is not sold as a single MP3 lease: it comes with the VIP catalog.'],
      ['stems', { beatDetails: [{ beatId: lease.id, price: 25 }] }, 'Stems are not available for this beat, sorry'],
      ['exclusive', { beatId: lease.id }, 'Velvet Waves is not an exclusive: buy its MP3 lease through the cart instead.'],
      ['beatPurchase', { beatDetails: [{ beatId: lease.id }], sessionType: 'stems' }, "sessionType must be 'beatPurchase' for this call"],
      ['vipPlan', { price: 'free' }, 'price must be a number of dollars'],
      ['beatPurchase', { beatDetails: [{ beatId: 'nope' }] }, 'beatId is not a valid id'],
    ];
    for (const [kind, extra, message] of cases) {
      const res = await openCheckout(t, token, kind, body(buyer, extra));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const priceless = await createBeat(t, { title: 'Priceless', beatType: 'Exclusive', priceCents: null });
    const none = await openCheckout(t, token, 'exclusive', body(buyer, { beatId: priceless.id }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No price for this beat');
    const wrongEmail = await openCheckout(t, token, 'vipPlan', { userId: buyer.id, email: 'someone@else.test' });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().message).toBe('email does not match the account of userId.');
    expect(await checkoutCount()).toBe(before);
  });

  it('refuses to sell what the buyer already has (409)', async () => {
    const owner = await createUser(t);
    const ownerToken = await loginAs(t, owner);
    await t.deps.db.insert(entitlements).values({ userId: owner.id, beatId: lease.id, source: 'lease' });
    const again = await openCheckout(t, ownerToken, 'beatPurchase', body(owner, { beatDetails: [{ beatId: lease.id }] }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already own Velvet Waves. Find it on your dashboard.');

    const vip = await createUser(t, { userType: 'vipUser' });
    const vipToken = await loginAs(t, vip);
    const plan = await openCheckout(t, vipToken, 'vipPlan', body(vip, {}));
    expect(plan.statusCode).toBe(409);
    expect(plan.json().message).toBe('You are already a VIP Member.');
    const vipLease = await openCheckout(t, vipToken, 'beatPurchase', body(vip, { beatDetails: [{ beatId: lease.id }] }));
    expect(vipLease.json().message).toBe('Velvet Waves is already yours with the VIP catalog.');
  });
});

describe('who may open a checkout', () => {
  it('answers 401 to visitors on every checkout call', async () => {
    for (const url of ['/create-checkout-session', '/create-checkout-session-stems', '/create-checkout-session-exclusive', '/create-checkout-session-plan']) {
      const res = await t.app.inject({ method: 'POST', url, payload: body(buyer, { beatDetails: [{ beatId: lease.id }], beatId: exclusive.id }) });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('answers 403 when the call names another user, and opens nothing', async () => {
    const before = await checkoutCount();
    const res = await openCheckout(t, otherToken, 'vipPlan', body(buyer, {}));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only access your own account.');
    const excl = await openCheckout(t, otherToken, 'exclusive', body(buyer, { beatId: exclusive.id }));
    expect(excl.statusCode).toBe(403);
    expect(await checkoutCount()).toBe(before);
  });
});

describe('exclusives are held for one buyer', () => {
  it('holds the beat 30 minutes: 409 for others, fine for the same buyer, free again after', async () => {
    const beat = await createBeat(t, { title: 'Held Tight', beatType: 'Exclusive', priceCents: 25000 });
    const first = await openCheckoutOk(t, token, 'exclusive', body(buyer, { beatId: beat.id, price: 250, beatName: 'Held Tight', sessionType: 'exclusive' }));
    const [held] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(held!.reservedBy).toBe(buyer.id);
    expect(held!.reservedUntil!.getTime() - clock.now().getTime()).toBe(30 * 60_000);

    const blocked = await openCheckout(t, otherToken, 'exclusive', body(other, { beatId: beat.id, price: 250 }));
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      'Held Tight is being bought by another customer right now. If they do not complete their purchase it is available again within 30 minutes.',
    );
    // The cart path holds it too.
    const viaCart = await openCheckout(t, otherToken, 'beatPurchase', body(other, { beatDetails: [{ beatId: beat.id }, { beatId: lease.id }] }));
    expect(viaCart.statusCode).toBe(409);

    // The holder may start again (a new tab); the hold moves with them.
    await openCheckoutOk(t, token, 'exclusive', body(buyer, { beatId: beat.id }));

    clock.advance(30 * 60_000 + 1000);
    const later = await openCheckoutOk(t, otherToken, 'exclusive', body(other, { beatId: beat.id }));
    const [moved] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(moved!.reservedBy).toBe(other.id);
    // The lapsed buyer's sessions were ended at the provider, so they cannot pay any more.
    const [old] = await t.deps.db.select().from(checkouts).where(eq(checkouts.id, first.checkout.id));
    expect(old!.status).toBe('expired');
    expect(later.checkout.status).toBe('open');
  });

  it('refuses a sold exclusive with 409', async () => {
    const gone = await createBeat(t, { title: 'Sold Out', beatType: 'Exclusive', priceCents: 10000, soldAt: new Date() });
    const res = await openCheckout(t, token, 'exclusive', body(buyer, { beatId: gone.id }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Sold Out has already been sold.');
  });
});
