/**
 * A coupon code kept with the cart (docs/product/deals.md#a-code-kept-with-the-cart): kept, replaced and taken off per
 * cart, only by its owner; priced again by every quote and checkout, so the checkout charges what the cart showed after a
 * reload; forgotten when it can never apply again (with the refusal's message), kept while it only waits; used up by
 * the paid checkout; and carried over from a visitor's browser at login.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartCoupons, Coupon, Quote } from '@beat/shared';
import { authed, createBeat, createUser, fixedClock, loginAs, fileTestApp, signedInUser, expectMessage } from '../../test/helper.js';
import { cartCoupons, coupons, purchases, type BeatRow } from '../../db/schema.js';
import { body, lineOf, openCheckout, openCheckoutOk, payAtTestCheckout, testProvider } from '../checkout/checkout.test-support.js';

const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
let adminToken: string;

const t = fileTestApp({ clock });
beforeAll(async () => {
  adminToken = await loginAs(t, await createUser(t, { isAdmin: true }));
});
beforeEach(async () => {
  await t.deps.db.update(coupons).set({ paused: true });
});

type Who = Awaited<ReturnType<typeof signedInUser>>;

const buyer = () => signedInUser(t);

let codeCounter = 0;
async function makeCoupon(overrides: Record<string, unknown> = {}): Promise<Coupon> {
  codeCounter += 1;
  const res = await t.app.inject(
    authed(adminToken, { method: 'POST', url: '/api/admin/coupons', payload: { code: `KEEP${codeCounter}`, kind: 'percent', percentOff: 20, ...overrides } }),
  );
  if (res.statusCode !== 201) throw new Error(`coupon not made: ${res.statusCode} ${res.body}`);
  return (res.json() as { coupon: Coupon }).coupon;
}

const keep = (who: Who, payload: object, token = who.token) =>
  t.app.inject(authed(token, { method: 'POST', url: '/api/cart/coupon', payload: { userId: who.user.id, cart: 'beats', ...payload } }));
const takeOff = (who: Who, cart: string, token = who.token) =>
  t.app.inject(authed(token, { method: 'DELETE', url: '/api/cart/coupon', payload: { userId: who.user.id, cart } }));
const kept = async (who: Who): Promise<CartCoupons> => {
  const res = await t.app.inject(authed(who.token, { method: 'GET', url: `/api/cart/${who.user.id}/coupons` }));
  expect(res.statusCode).toBe(200);
  return res.json() as CartCoupons;
};
const quote = async (who: Who, list: BeatRow[], coupon: string | null, sessionType = 'beatPurchase'): Promise<Quote> => {
  const payload = { userId: who.user.id, sessionType, beatIds: list.map((b) => b.id), ...(coupon ? { coupon } : {}) };
  const res = await t.app.inject(authed(who.token, { method: 'POST', url: '/api/checkout/quote', payload }));
  expect(res.statusCode).toBe(200);
  return res.json() as Quote;
};
const leases = (...cents: number[]) => Promise.all(cents.map((priceCents, i) => createBeat(t, { title: `Kept ${i} ${priceCents}`, priceCents })));
const beatCart = (who: Who, list: BeatRow[], coupon?: string) =>
  body(who.user, { beatDetails: list.map(lineOf), sessionType: 'beatPurchase', ...(coupon ? { coupon } : {}) });

describe('the code kept with each cart', () => {
  it('keeps a code per cart in capitals, replaces it, and takes it off', async () => {
    const who = await buyer();
    expect(await kept(who)).toEqual({ beats: null, stems: null });

    const first = await keep(who, { code: ' spring20 ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ beats: 'SPRING20', stems: null });
    expect((await keep(who, { cart: 'stems', code: 'STEMS5' })).json()).toEqual({ beats: 'SPRING20', stems: 'STEMS5' });
    expect((await keep(who, { code: 'summer10' })).json()).toEqual({ beats: 'SUMMER10', stems: 'STEMS5' });
    // A new visit reads what was kept.
    expect(await kept(who)).toEqual({ beats: 'SUMMER10', stems: 'STEMS5' });

    const removed = await takeOff(who, 'beats');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ beats: null, stems: 'STEMS5' });
    expect(await kept(who)).toEqual({ beats: null, stems: 'STEMS5' });
    // Taking off a code that is not there changes nothing.
    expect((await takeOff(who, 'beats')).json()).toEqual({ beats: null, stems: 'STEMS5' });
  });

  it('refuses a malformed code or cart with a readable 400, and keeps nothing', async () => {
    const who = await buyer();
    const cases: Array<[object, string]> = [
      [{ code: 'x' }, 'A code is 3 to 32 letters, digits, dashes or underscores.'],
      [{ code: 'two words' }, 'A code is 3 to 32 letters, digits, dashes or underscores.'],
      [{ code: undefined }, 'code is required'],
      [{ cart: 'vip', code: 'SPRING20' }, 'cart must be beats or stems'],
    ];
    for (const [payload, message] of cases) {
      const res = await keep(who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const badCart = await takeOff(who, 'everything');
    expect(badCart.statusCode).toBe(400);
    expect(badCart.json().message).toContain('cart must be beats or stems');
    expect(await kept(who)).toEqual({ beats: null, stems: null });
  });

  it("is the caller's own: 401 without a token, 403 for another account, any account for an admin", async () => {
    const owner = await buyer();
    const other = await buyer();
    await keep(owner, { code: 'MINE10' });

    expect((await t.app.inject({ method: 'GET', url: `/api/cart/${owner.user.id}/coupons` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/cart/coupon', payload: { userId: owner.user.id, cart: 'beats', code: 'THEIRS' } })).statusCode).toBe(401);
    expectMessage(await t.app.inject(authed(other.token, { method: 'GET', url: `/api/cart/${owner.user.id}/coupons` })), 403, 'You can only access your own account.');
    expect((await keep(owner, { code: 'THEIRS' }, other.token)).statusCode).toBe(403);
    expect((await takeOff(owner, 'beats', other.token)).statusCode).toBe(403);
    expect(await kept(owner)).toEqual({ beats: 'MINE10', stems: null });

    const asAdmin = await keep(owner, { code: 'SUPPORT5' }, adminToken);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual({ beats: 'SUPPORT5', stems: null });
    const nobody = await t.app.inject(
      authed(adminToken, { method: 'POST', url: '/api/cart/coupon', payload: { userId: '00000000-0000-4000-8000-000000000000', cart: 'beats', code: 'SUPPORT5' } }),
    );
    expect(nobody.statusCode).toBe(404);
  });
});

describe('the checkout charges what the cart showed with its kept code', () => {
  it('$39.98 less 20% is $31.98 after a reload, in the quote, the checkout, the payment page and the purchases; paying uses the code up', async () => {
    const coupon = await makeCoupon({ percentOff: 20 });
    const who = await buyer();
    const list = await leases(1999, 1999);
    for (const beat of list) await t.app.inject(authed(who.token, { method: 'POST', url: '/api/cart', payload: { userId: who.user.id, beatId: beat.id } }));

    await keep(who, { code: coupon.code.toLowerCase() });
    const shown = await quote(who, list, coupon.code);
    expect(shown).toMatchObject({ subtotal: 39.98, couponDiscount: 8, total: 31.98, coupon: { code: coupon.code, applied: true } });

    // The cart opened again: the code is still there, and priced the same.
    const { beats: code } = await kept(who);
    expect(code).toBe(coupon.code);
    expect((await quote(who, list, code)).total).toBe(31.98);

    const opened = await openCheckoutOk(t, who.token, 'beatPurchase', beatCart(who, list, code!));
    expect(opened.checkout).toMatchObject({ amountCents: 3198, couponCode: coupon.code });
    expect((await testProvider(t).view(opened.sessionId))!.session.amountTotal).toBe(3198);
    const page = await t.app.inject({ method: 'GET', url: `/test-checkout/${opened.sessionId}` });
    expect(page.body).toContain('$31.98');
    // Until it is paid, the code stays with the cart (the buyer may come back without paying).
    expect((await kept(who)).beats).toBe(coupon.code);

    expect((await payAtTestCheckout(t, opened.sessionId)).statusCode).toBe(303);
    const bought = await t.deps.db.select().from(purchases).where(eq(purchases.checkoutId, opened.checkout.id));
    expect(bought.reduce((sum, p) => sum + p.priceCents, 0)).toBe(3198);
    expect(await kept(who)).toEqual({ beats: null, stems: null });
  });

  it('keeps the stems cart’s code apart, and uses only it up', async () => {
    const coupon = await makeCoupon({ scope: 'offers', offers: ['stems'], kind: 'fixed', amountOff: 5 });
    const other = await makeCoupon();
    const who = await buyer();
    const beat = await createBeat(t, { priceCents: 1000, stemsKey: 'audio/test/stems.zip' });
    await keep(who, { cart: 'stems', code: coupon.code });
    await keep(who, { code: other.code });

    const { stems: code } = await kept(who);
    expect((await quote(who, [beat], code, 'stems')).total).toBe(20);
    const opened = await openCheckoutOk(t, who.token, 'stems', body(who.user, { beatDetails: [{ beatId: beat.id }], sessionType: 'stems', coupon: code }));
    expect(opened.checkout.amountCents).toBe(2000);
    await payAtTestCheckout(t, opened.sessionId);
    expect(await kept(who)).toEqual({ beats: other.code, stems: null });
  });
});

describe('a kept code that no longer applies', () => {
  it('is forgotten once expired: the quote says so, at the full price, and the next visit starts without it', async () => {
    const start = clock.now();
    const coupon = await makeCoupon({ endsAt: new Date(start.getTime() + 30 * 60_000).toISOString() });
    const who = await buyer();
    const list = await leases(1999, 1999);
    await keep(who, { code: coupon.code });
    expect((await quote(who, list, coupon.code)).total).toBe(31.98);

    clock.advance(60 * 60_000);
    const later = await quote(who, list, coupon.code);
    expect(later.total).toBe(39.98);
    expect(later.coupon).toEqual({ code: coupon.code, applied: false, reason: 'expired', message: expect.stringMatching(/^This code expired on \d\d\/\d\d\/2026\.$/) });
    expect(await kept(who)).toEqual({ beats: null, stems: null });
    clock.set(start);
  });

  it('is forgotten once used up by others, or deleted', async () => {
    const once = await makeCoupon({ maxRedemptions: 1 });
    const first = await buyer();
    const who = await buyer();
    const [a, b] = await leases(1500, 2500);
    await keep(who, { code: once.code });
    const paid = await openCheckoutOk(t, first.token, 'beatPurchase', beatCart(first, [a!], once.code));
    await payAtTestCheckout(t, paid.sessionId);

    const exhausted = await quote(who, [b!], once.code);
    expect(exhausted.coupon).toMatchObject({ applied: false, reason: 'usedUp', message: 'This code has been used up.' });
    expect(exhausted.total).toBe(25);
    expect((await kept(who)).beats).toBeNull();

    const doomed = await makeCoupon();
    await keep(who, { code: doomed.code });
    await t.app.inject(authed(adminToken, { method: 'DELETE', url: `/api/admin/coupons/${doomed._id}` }));
    expect((await quote(who, [b!], doomed.code)).coupon).toMatchObject({ applied: false, reason: 'unknown', message: 'This code does not exist.' });
    expect((await kept(who)).beats).toBeNull();
  });

  it('is refused by the checkout with 409 and its message, not charged at another price, and forgotten', async () => {
    const coupon = await makeCoupon();
    const who = await buyer();
    const [a] = await leases(1999);
    await keep(who, { code: coupon.code });
    expect((await quote(who, [a!], coupon.code)).coupon?.applied).toBe(true);

    // Deleted between the quote and Pay Now.
    await t.app.inject(authed(adminToken, { method: 'DELETE', url: `/api/admin/coupons/${coupon._id}` }));
    expectMessage(await openCheckout(t, who.token, 'beatPurchase', beatCart(who, [a!], coupon.code)), 409, 'This code does not exist.');
    expect((await kept(who)).beats).toBeNull();
  });

  it('stays kept while it only waits: paused, or not for these items yet', async () => {
    const paused = await makeCoupon({ paused: true });
    const leasesOnly = await makeCoupon({ scope: 'offers', offers: ['exclusive'] });
    const who = await buyer();
    const [a] = await leases(1999);

    await keep(who, { code: paused.code });
    expect((await quote(who, [a!], paused.code)).coupon).toMatchObject({ applied: false, reason: 'paused' });
    expect((await kept(who)).beats).toBe(paused.code);

    await keep(who, { code: leasesOnly.code });
    expect((await quote(who, [a!], leasesOnly.code)).coupon).toMatchObject({ applied: false, reason: 'notForTheseItems' });
    expect((await kept(who)).beats).toBe(leasesOnly.code);

    // Another code asked for (not the kept one) leaves the kept one alone.
    expect((await quote(who, [a!], 'NO-SUCH-CODE')).coupon?.reason).toBe('unknown');
    expect((await kept(who)).beats).toBe(leasesOnly.code);
  });
});

describe('a visitor’s code at login', () => {
  const merge = (who: Who, payload: object) =>
    t.app.inject(authed(who.token, { method: 'POST', url: '/api/cart/merge', payload: { userId: who.user.id, beatIds: [], stemsBeatIds: [], ...payload } }));

  it('joins the beat cart with the merged items, in place of the code the account kept', async () => {
    const coupon = await makeCoupon();
    const who = await buyer();
    const [a] = await leases(1999);
    await keep(who, { code: 'OLDER10' });
    await keep(who, { cart: 'stems', code: 'STEMS5' });

    const res = await merge(who, { beatIds: [a!.id], coupon: coupon.code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(await kept(who)).toEqual({ beats: coupon.code, stems: 'STEMS5' });
    expect((await quote(who, [a!], coupon.code)).total).toBe(15.99);

    // A merge without a code leaves the kept one.
    expect((await merge(who, { beatIds: [a!.id] })).statusCode).toBe(200);
    expect((await kept(who)).beats).toBe(coupon.code);
  });

  it('refuses a malformed code with 400, merging nothing', async () => {
    const who = await buyer();
    const [a] = await leases(1999);
    const res = await merge(who, { beatIds: [a!.id], coupon: '!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('A code is 3 to 32 letters, digits, dashes or underscores.');
    expect(await t.deps.db.select().from(cartCoupons).where(eq(cartCoupons.userId, who.user.id))).toEqual([]);
  });
});
