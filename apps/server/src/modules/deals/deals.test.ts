/**
 * Deals end to end (docs/product/deals.md): Admin → Deals, the quote with every refusal, the checkout charging what the
 * quote said (provider lines, purchases, receipt, confirmation), and coupon redemptions held, redeemed and released.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Coupon, Quote } from '@beat/shared';
import { authed, createBeat, createUser, fixedClock, loginAs, fileTestApp, signedInUser, expectMessage } from '../../test/helper.js';
import { pdfText } from '../../test/pdf-text.js';
import {
  auditLog,
  beats,
  checkoutItems,
  checkouts,
  couponRedemptions,
  coupons,
  mailOutbox,
  purchases,
  refunds,
  storeSettings,
  type BeatRow,
  type UserRow,
} from '../../db/schema.js';
import { body, lineOf, openCheckout, openCheckoutOk, payAtTestCheckout, testProvider } from '../checkout/checkout.test-support.js';

const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
let admin: UserRow;
let adminToken: string;

const t = fileTestApp({ clock });
beforeAll(async () => {
  admin = await createUser(t, { isAdmin: true, fullName: 'Ada Admin' });
  adminToken = await loginAs(t, admin);
});
beforeEach(async () => {
  // Each test sets the deals it needs: no coupon, no bulk deal, from a clean slate.
  await t.deps.db.update(storeSettings).set({ bulkDealEnabled: false, bulkDealBuy: 2, bulkDealFree: 1 });
  await t.deps.db.update(coupons).set({ paused: true });
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject(authed(adminToken, { method, url, ...(payload ? { payload } : {}) }));

let codeCounter = 0;
async function makeCoupon(overrides: Record<string, unknown> = {}): Promise<Coupon> {
  codeCounter += 1;
  const res = await asAdmin('POST', '/api/admin/coupons', { code: `CODE${codeCounter}`, kind: 'percent', percentOff: 10, ...overrides });
  if (res.statusCode !== 201) throw new Error(`coupon not made: ${res.statusCode} ${res.body}`);
  return (res.json() as { coupon: Coupon }).coupon;
}

const buyer = () => signedInUser(t, { fullName: 'Bea Buyer' });

const quote = (who: { user: UserRow; token: string }, beatIds: string[], coupon?: string, sessionType = 'beatPurchase') =>
  t.app.inject(
    authed(who.token, { method: 'POST', url: '/api/checkout/quote', payload: { userId: who.user.id, sessionType, beatIds, ...(coupon ? { coupon } : {}) } }),
  );
const quoteOk = async (...args: Parameters<typeof quote>) => {
  const res = await quote(...args);
  if (res.statusCode !== 200) throw new Error(`quote failed: ${res.statusCode} ${res.body}`);
  return res.json() as Quote;
};

const leases = (...cents: number[]) => Promise.all(cents.map((priceCents, i) => createBeat(t, { title: `Lease ${i} ${priceCents}`, priceCents })));
const cart = (who: { user: UserRow }, list: BeatRow[], coupon?: string) =>
  body(who.user, { beatDetails: list.map(lineOf), sessionType: 'beatPurchase', ...(coupon ? { coupon } : {}) });

const redemptionOf = async (checkoutId: string) =>
  (await t.deps.db.select().from(couponRedemptions).where(eq(couponRedemptions.checkoutId, checkoutId)))[0];

describe('Admin → Deals', () => {
  it('creates (201), lists, edits, pauses and deletes a coupon, each change in the audit log', async () => {
    const made = await asAdmin('POST', '/api/admin/coupons', { code: ' spring30 ', kind: 'percent', percentOff: 30, maxRedemptions: 100 });
    expect(made.statusCode).toBe(201);
    const { coupon } = made.json() as { coupon: Coupon };
    expect(coupon).toMatchObject({ code: 'SPRING30', kind: 'percent', percentOff: 30, amountOff: null, scope: 'store', paused: false, redemptions: 0, discounted: 0 });

    expectMessage(await asAdmin('POST', '/api/admin/coupons', { code: 'Spring30', kind: 'fixed', amountOff: 5 }), 409, 'A coupon with the code SPRING30 already exists. Choose another code.');

    const list = await asAdmin('GET', '/api/admin/coupons');
    expect(list.statusCode).toBe(200);
    expect((list.json() as { coupons: Coupon[] }).coupons.map((c) => c.code)).toContain('SPRING30');

    const edited = await asAdmin('PUT', `/api/admin/coupons/${coupon._id}`, { code: 'SPRING30', kind: 'fixed', amountOff: 3, paused: true });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as { coupon: Coupon }).coupon).toMatchObject({ kind: 'fixed', amountOff: 3, percentOff: null, paused: true });

    const other = await makeCoupon();
    const clash = await asAdmin('PUT', `/api/admin/coupons/${other._id}`, { code: 'spring30', kind: 'percent', percentOff: 5 });
    expect(clash.statusCode).toBe(409);

    const gone = await asAdmin('DELETE', `/api/admin/coupons/${coupon._id}`);
    expect(gone.json()).toEqual({ deleted: 'removed' });
    expect((await asAdmin('DELETE', `/api/admin/coupons/${coupon._id}`)).statusCode).toBe(404);

    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, coupon._id));
    expect(audits.map((a) => a.action).sort()).toEqual(['coupon.create', 'coupon.delete', 'coupon.update']);
    const update = audits.find((a) => a.action === 'coupon.update')!;
    expect(update.before).toMatchObject({ kind: 'percent', percentOff: 30, paused: false });
    expect(update.after).toMatchObject({ kind: 'fixed', amountOffCents: 300, paused: true });
  });

  it('refuses a malformed coupon with a readable 400', async () => {
    const cases: Array<[object, string]> = [
      [{ code: 'X', kind: 'percent', percentOff: 10 }, 'A code is 3 to 32 letters'],
      [{ code: 'NOPCT', kind: 'percent' }, 'A percent coupon needs percentOff'],
      [{ code: 'NOAMT', kind: 'fixed' }, 'A fixed coupon needs amountOff'],
      [{ code: 'NOBEATS', kind: 'percent', percentOff: 5, scope: 'beats' }, 'Choose the beats'],
      [{ code: 'BADDATES', kind: 'percent', percentOff: 5, startsAt: '2026-05-01T00:00:00Z', endsAt: '2026-04-01T00:00:00Z' }, 'endsAt must be after startsAt'],
    ];
    for (const [payload, message] of cases) {
      const res = await asAdmin('POST', '/api/admin/coupons', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('reads and sets the bulk deal (off, Buy 2 get 1, by default), audited', async () => {
    expect((await asAdmin('GET', '/api/admin/deals/bulk')).json()).toEqual({ enabled: false, buy: 2, free: 1 });
    const on = await asAdmin('PUT', '/api/admin/deals/bulk', { enabled: true, buy: 3, free: 1 });
    expect(on.json()).toEqual({ enabled: true, buy: 3, free: 1 });
    expect((await asAdmin('PUT', '/api/admin/deals/bulk', { enabled: true, buy: 0, free: 1 })).statusCode).toBe(400);
    const [entry] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'deals.bulk'));
    expect(entry).toMatchObject({ before: { enabled: false, buy: 2, free: 1 }, after: { enabled: true, buy: 3, free: 1 } });
  });
});

describe('the quote', () => {
  it('prices a percent and a fixed coupon, each line noting what it took off', async () => {
    const who = await buyer();
    const [a, b] = await leases(3000, 1000);
    const pct = await makeCoupon({ percentOff: 25 });
    const q = await quoteOk(who, [a!.id, b!.id], pct.code.toLowerCase());
    expect(q.coupon).toEqual({ code: pct.code, applied: true, reason: null, message: null });
    expect(q).toMatchObject({ subtotal: 40, couponDiscount: 10, bulkDiscount: 0, total: 30, bulkDeal: null });
    expect(q.lines.map((l) => [l.price, l.couponDiscount, l.total, l.notes])).toEqual([
      [30, 7.5, 22.5, [`−$7.50 with ${pct.code}`]],
      [10, 2.5, 7.5, [`−$2.50 with ${pct.code}`]],
    ]);
    const fixed = await makeCoupon({ kind: 'fixed', amountOff: 50 });
    const all = await quoteOk(who, [a!.id, b!.id], fixed.code);
    // A fixed amount never takes off more than what is left to pay.
    expect(all).toMatchObject({ couponDiscount: 40, total: 0 });
    const three = await makeCoupon({ kind: 'fixed', amountOff: 3 });
    expect((await quoteOk(who, [a!.id, b!.id], three.code)).lines.map((l) => l.couponDiscount)).toEqual([2.25, 0.75]);
  });

  it('applies a beats coupon to its beats only, and an offers coupon to its offers only', async () => {
    const who = await buyer();
    const [a, b] = await leases(2000, 2000);
    const forA = await makeCoupon({ scope: 'beats', beatIds: [a!.id], percentOff: 50 });
    const q = await quoteOk(who, [a!.id, b!.id], forA.code);
    expect(q.lines.map((l) => l.couponDiscount)).toEqual([10, 0]);
    const stemsOnly = await makeCoupon({ scope: 'offers', offers: ['stems'], percentOff: 20 });
    const refused = await quoteOk(who, [a!.id], stemsOnly.code);
    expect(refused.coupon).toEqual({ code: stemsOnly.code, applied: false, reason: 'notForTheseItems', message: 'This code is not for these items.' });
    const withStems = await createBeat(t, { title: 'Layers', priceCents: 1999, stemsKey: 'audio/test/stems.zip' });
    const stems = await quoteOk(who, [withStems.id], stemsOnly.code, 'stems');
    expect(stems).toMatchObject({ subtotal: 25, couponDiscount: 5, total: 20 });
  });

  it('gives each refusal its reason and message, and still answers the quote without the coupon', async () => {
    const who = await buyer();
    const [a] = await leases(1500);
    const expect200 = async (code: string, reason: string, message: string) => {
      const q = await quoteOk(who, [a!.id], code);
      expect(q.coupon).toEqual({ code: code.toUpperCase(), applied: false, reason, message });
      expect(q).toMatchObject({ subtotal: 15, couponDiscount: 0, total: 15 });
    };
    await expect200('nosuchcode', 'unknown', 'This code does not exist.');
    const paused = await makeCoupon({ paused: true });
    await expect200(paused.code, 'paused', 'This code is paused for now.');
    const later = await makeCoupon({ startsAt: '2026-04-01T00:00:00Z' });
    await expect200(later.code, 'notStarted', 'This code starts on 04/01/2026.');
    const over = await makeCoupon({ endsAt: '2026-02-28T00:00:00Z' });
    await expect200(over.code, 'expired', 'This code expired on 02/28/2026.');
    const minimum = await makeCoupon({ minimumOrder: 20 });
    await expect200(minimum.code, 'minimumNotMet', 'This code needs an order of at least $20.00.');
    const elsewhere = await makeCoupon({ scope: 'beats', beatIds: [(await leases(999))[0]!.id] });
    await expect200(elsewhere.code, 'notForTheseItems', 'This code is not for these items.');

    // usedUp and usedByYou: one paid checkout takes the only redemption.
    const once = await makeCoupon({ maxRedemptions: 1 });
    const mine = await makeCoupon({ perBuyerLimit: 1 });
    const first = await openCheckoutOk(t, who.token, 'beatPurchase', cart(who, [a!], once.code));
    expect((await payAtTestCheckout(t, first.sessionId)).statusCode).toBe(303);
    const other = await buyer();
    const [b] = await leases(1500);
    expect((await quoteOk(other, [b!.id], once.code)).coupon).toMatchObject({ reason: 'usedUp', message: 'This code has been used up.' });
    const [c] = await leases(1500);
    const second = await openCheckoutOk(t, who.token, 'beatPurchase', cart(who, [c!], mine.code));
    expect((await payAtTestCheckout(t, second.sessionId)).statusCode).toBe(303);
    const [d] = await leases(1500);
    expect((await quoteOk(who, [d!.id], mine.code)).coupon).toMatchObject({ reason: 'usedByYou', message: 'You have already used this code.' });
    expect((await quoteOk(other, [d!.id], mine.code)).coupon).toMatchObject({ applied: true });
  });

  it('starts and ends a code on the server’s clock', async () => {
    const who = await buyer();
    const [a] = await leases(1000);
    const window = await makeCoupon({ startsAt: '2026-03-01T13:00:00Z', endsAt: '2026-03-01T14:00:00Z' });
    expect((await quoteOk(who, [a!.id], window.code)).coupon?.reason).toBe('notStarted');
    clock.set(new Date('2026-03-01T13:00:00Z'));
    expect((await quoteOk(who, [a!.id], window.code)).coupon?.applied).toBe(true);
    clock.set(new Date('2026-03-01T14:00:00Z'));
    expect((await quoteOk(who, [a!.id], window.code)).coupon?.reason).toBe('expired');
    clock.set(new Date('2026-03-01T12:00:00Z'));
  });

  it('is 400 for a malformed body and 403 for another account', async () => {
    const who = await buyer();
    const [a] = await leases(1000);
    const bad = await t.app.inject(authed(who.token, { method: 'POST', url: '/api/checkout/quote', payload: { userId: who.user.id, sessionType: 'beatPurchase', beatIds: [] } }));
    expect(bad.statusCode).toBe(400);
    const other = await buyer();
    const res = await t.app.inject(authed(who.token, { method: 'POST', url: '/api/checkout/quote', payload: { userId: other.user.id, sessionType: 'beatPurchase', beatIds: [a!.id] } }));
    expect(res.statusCode).toBe(403);
  });
});

describe('the checkout charges what the quote said', () => {
  it('Buy 2 get 1 then SPRING30: the worked example, the same in the quote, the checkout, the purchases, the receipt and the sale e-mail', async () => {
    await asAdmin('PUT', '/api/admin/deals/bulk', { enabled: true, buy: 2, free: 1 });
    const spring = await makeCoupon({ code: 'SPRING30', percentOff: 30 });
    const who = await buyer();
    const night = await createBeat(t, { title: 'Night Drive', priceCents: 1000 });
    const gold = await createBeat(t, { title: 'Gold Coast', priceCents: 3000 });
    const rain = await createBeat(t, { title: 'Rain Check', priceCents: 2000 });

    const q = await quoteOk(who, [night.id, gold.id, rain.id], 'SPRING30');
    expect(q.bulkDeal).toEqual({ buy: 2, free: 1, label: 'Buy 2 get 1 free' });
    expect(q.lines.map((l) => [l.title, l.price, l.bulkDiscount, l.couponDiscount, l.total, l.notes])).toEqual([
      ['Night Drive', 10, 10, 0, 0, ['Free with Buy 2 get 1']],
      ['Gold Coast', 30, 0, 9, 21, ['−$9.00 with SPRING30']],
      ['Rain Check', 20, 0, 6, 14, ['−$6.00 with SPRING30']],
    ]);
    expect(q).toMatchObject({ subtotal: 60, bulkDiscount: 10, couponDiscount: 15, total: 35 });

    const opened = await openCheckoutOk(t, who.token, 'beatPurchase', cart(who, [night, gold, rain], 'spring30'));
    expect(opened.checkout).toMatchObject({ amountCents: 3500, couponId: spring._id, couponCode: 'SPRING30', bulkDeal: 'Buy 2 get 1' });
    const items = await t.deps.db.select().from(checkoutItems).where(eq(checkoutItems.checkoutId, opened.checkout.id));
    expect(items.map((i) => [i.title, i.listPriceCents, i.bulkCents, i.couponCents, i.priceCents]).sort()).toEqual([
      ['Gold Coast', 3000, 0, 900, 2100],
      ['Night Drive', 1000, 1000, 0, 0],
      ['Rain Check', 2000, 0, 600, 1400],
    ]);
    expect((await redemptionOf(opened.checkout.id))).toMatchObject({ state: 'held', discountCents: 1500 });

    // The provider's lines carry the charged amounts, their names saying the deal; the test checkout page shows them.
    const page = await t.app.inject({ method: 'GET', url: `/test-checkout/${opened.sessionId}` });
    expect(page.body).toContain('Night Drive (Free with Buy 2 get 1)');
    expect(page.body).toContain('Gold Coast (−$9.00 with SPRING30)');
    expect(page.body).toContain('$35.00');
    const view = await testProvider(t).view(opened.sessionId);
    expect(view!.session.amountTotal).toBe(3500);

    expect((await payAtTestCheckout(t, opened.sessionId)).statusCode).toBe(303);
    const bought = await t.deps.db.select().from(purchases).where(eq(purchases.checkoutId, opened.checkout.id));
    expect(bought.reduce((sum, p) => sum + p.priceCents, 0)).toBe(3500);
    expect(bought.map((p) => [p.title, p.priceCents]).sort()).toEqual([
      ['Gold Coast', 2100],
      ['Night Drive', 0],
      ['Rain Check', 1400],
    ]);
    expect(await redemptionOf(opened.checkout.id)).toMatchObject({ state: 'redeemed', discountCents: 1500 });

    const confirm = await t.app.inject(authed(who.token, { method: 'POST', url: '/api/checkout/confirm', payload: { sessionId: opened.sessionId } }));
    expect(confirm.json()).toMatchObject({ status: 'paid', total: 35 });
    expect(confirm.json().items.map((i: { title: string; price: number }) => [i.title, i.price])).toEqual([
      ['Gold Coast (−$9.00 with SPRING30)', 21],
      ['Night Drive (Free with Buy 2 get 1)', 0],
      ['Rain Check (−$6.00 with SPRING30)', 14],
    ]);

    // The purchase history and the license PDF say what was paid.
    const history = await t.app.inject(authed(who.token, { method: 'GET', url: `/api/getrecentpurchases/${who.user.id}` }));
    expect(history.json().purchases.map((p: { beatTitle: string; price: number }) => [p.beatTitle, p.price]).sort()).toEqual([
      ['Gold Coast', 21],
      ['Night Drive', 0],
      ['Rain Check', 14],
    ]);
    const goldPurchase = bought.find((p) => p.title === 'Gold Coast')!;
    const pdf = await t.app.inject(authed(who.token, { method: 'GET', url: `/api/purchases/${goldPurchase.id}/licence` }));
    expect(await pdfText(pdf.rawPayload)).toContain('$21.00 USD');

    const mails = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.user.email));
    const receipt = mails.find((m) => m.subject === 'Your Beat Market receipt')!;
    expect(receipt.text).toContain('Gold Coast (−$9.00 with SPRING30) (MP3 Lease): $21.00');
    expect(receipt.text).toContain('Night Drive (Free with Buy 2 get 1) (MP3 Lease): $0.00');
    expect(receipt.text).toContain('Total paid: $35.00');
    const sale = (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, admin.email))).find((m) => m.text.includes(opened.checkout.id))!;
    expect(sale.subject).toBe('New sale: $35.00');

    const listed = ((await asAdmin('GET', '/api/admin/coupons')).json() as { coupons: Coupon[] }).coupons.find((c) => c._id === spring._id)!;
    expect(listed).toMatchObject({ redemptions: 1, discounted: 15 });

    // A used coupon is kept for the books when deleted; its code is free again, and buyers no longer find it.
    expect((await asAdmin('DELETE', `/api/admin/coupons/${spring._id}`)).json()).toEqual({ deleted: 'archived' });
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, spring._id)))[0]!.deletedAt).not.toBeNull();
    const [fresh] = await leases(1000);
    expect((await quoteOk(who, [fresh!.id], 'SPRING30')).coupon?.reason).toBe('unknown');
    expect((await asAdmin('POST', '/api/admin/coupons', { code: 'SPRING30', kind: 'percent', percentOff: 5 })).statusCode).toBe(201);
  });

  it('takes the bulk deal on leases only, and a stems checkout never', async () => {
    await asAdmin('PUT', '/api/admin/deals/bulk', { enabled: true, buy: 1, free: 1 });
    const who = await buyer();
    const [a] = await leases(1000);
    const exclusive = await createBeat(t, { title: 'Only One', beatType: 'Exclusive', priceCents: 30000 });
    const q = await quoteOk(who, [a!.id, exclusive.id]);
    expect(q).toMatchObject({ bulkDiscount: 0, total: 310 });
    const s1 = await createBeat(t, { priceCents: 1000, stemsKey: 'audio/test/stems.zip' });
    const s2 = await createBeat(t, { priceCents: 1000, stemsKey: 'audio/test/stems.zip' });
    expect(await quoteOk(who, [s1.id, s2.id], undefined, 'stems')).toMatchObject({ bulkDiscount: 0, total: 50, bulkDeal: null });
  });

  it('refuses a checkout whose code does not apply with 409 and the same message, opening nothing', async () => {
    const who = await buyer();
    const [a] = await leases(1000);
    const before = (await t.deps.db.select().from(checkouts)).length;
    expectMessage(await openCheckout(t, who.token, 'beatPurchase', cart(who, [a!], 'NOPE-NOPE')), 409, 'This code does not exist.');
    const minimum = await makeCoupon({ minimumOrder: 50 });
    const low = await openCheckout(t, who.token, 'beatPurchase', cart(who, [a!], minimum.code));
    expect(low.json().message).toBe('This code needs an order of at least $50.00.');
    expect((await t.deps.db.select().from(checkouts)).length).toBe(before);
  });

  it('takes a stems checkout’s coupon too', async () => {
    const who = await buyer();
    const stems = await makeCoupon({ scope: 'offers', offers: ['stems'], kind: 'fixed', amountOff: 5 });
    const beat = await createBeat(t, { priceCents: 1000, stemsKey: 'audio/test/stems.zip' });
    const opened = await openCheckoutOk(t, who.token, 'stems', body(who.user, { beatDetails: [{ beatId: beat.id }], sessionType: 'stems', coupon: stems.code }));
    expect(opened.checkout.amountCents).toBe(2000);
  });

  it('refunds what a line was charged when it cannot be delivered, and takes its coupon share off the books', async () => {
    const who = await buyer();
    const half = await makeCoupon({ percentOff: 50 });
    const [a] = await leases(2000);
    const exclusive = await createBeat(t, { title: 'Gone Soon', beatType: 'Exclusive', priceCents: 10000 });
    const opened = await openCheckoutOk(t, who.token, 'beatPurchase', cart(who, [a!, exclusive], half.code));
    expect(opened.checkout.amountCents).toBe(6000);
    // Sold elsewhere (an admin's hand) while this buyer paid.
    await t.deps.db.update(beats).set({ soldAt: clock.now() }).where(eq(beats.id, exclusive.id));
    expect((await payAtTestCheckout(t, opened.sessionId)).statusCode).toBe(303);
    const owed = await t.deps.db.select().from(refunds).where(eq(refunds.checkoutId, opened.checkout.id));
    expect(owed.map((r) => r.amountCents)).toEqual([5000]);
    expect(await redemptionOf(opened.checkout.id)).toMatchObject({ state: 'redeemed', discountCents: 1000 });
  });

  it('releases the redemption of a checkout refunded in full', async () => {
    const who = await buyer();
    const half = await makeCoupon({ percentOff: 50, maxRedemptions: 1 });
    const exclusive = await createBeat(t, { title: 'Gone Too', beatType: 'Exclusive', priceCents: 10000 });
    const opened = await openCheckoutOk(t, who.token, 'beatPurchase', cart(who, [exclusive], half.code));
    await t.deps.db.update(beats).set({ soldAt: clock.now() }).where(eq(beats.id, exclusive.id));
    await payAtTestCheckout(t, opened.sessionId);
    expect(await redemptionOf(opened.checkout.id)).toMatchObject({ state: 'released' });
    const [b] = await leases(1000);
    expect((await quoteOk(await buyer(), [b!.id], half.code)).coupon?.applied).toBe(true);
  });
});

describe('redemptions', () => {
  it('holds the last redemption for the open checkout; cancelling it frees it at once', async () => {
    const once = await makeCoupon({ maxRedemptions: 1 });
    const first = await buyer();
    const second = await buyer();
    const [a, b] = await leases(1000, 1000);
    const opened = await openCheckoutOk(t, first.token, 'beatPurchase', cart(first, [a!], once.code));
    expectMessage(await openCheckout(t, second.token, 'beatPurchase', cart(second, [b!], once.code)), 409, 'This code has been used up.');

    const cancel = await t.app.inject(authed(first.token, { method: 'POST', url: '/api/checkout/cancel', payload: { checkout: opened.checkout.id } }));
    expect(cancel.json()).toEqual({ status: 'expired' });
    expect(await redemptionOf(opened.checkout.id)).toMatchObject({ state: 'released' });
    const now = await openCheckoutOk(t, second.token, 'beatPurchase', cart(second, [b!], once.code));
    expect(now.checkout.amountCents).toBe(900);
  });

  it('no longer counts a hold whose checkout has lapsed, and releases it when the session is found expired', async () => {
    const once = await makeCoupon({ maxRedemptions: 1 });
    const first = await buyer();
    const second = await buyer();
    const [a, b] = await leases(1000, 1000);
    const opened = await openCheckoutOk(t, first.token, 'beatPurchase', cart(first, [a!], once.code));
    clock.advance(31 * 60_000);
    try {
      expect((await quoteOk(second, [b!.id], once.code)).coupon?.applied).toBe(true);
      // The success page asks the provider, which says expired: the hold is released.
      await t.app.inject(authed(first.token, { method: 'POST', url: '/api/checkout/confirm', payload: { sessionId: opened.sessionId } }));
      expect(await redemptionOf(opened.checkout.id)).toMatchObject({ state: 'released' });
    } finally {
      clock.set(new Date('2026-03-01T12:00:00Z'));
    }
  });

  it('ends the buyer’s own earlier checkout with the code, so paying again is not refused', async () => {
    const mine = await makeCoupon({ perBuyerLimit: 1 });
    const who = await buyer();
    const [a, b] = await leases(1000, 1000);
    const first = await openCheckoutOk(t, who.token, 'beatPurchase', cart(who, [a!], mine.code));
    // The same items with the code answer the checkout that holds it (docs/product/offers-and-prices.md#one-open-checkout-per-order).
    const again = await openCheckoutOk(t, who.token, 'beatPurchase', cart(who, [a!], mine.code));
    expect(again.sessionId).toBe(first.sessionId);
    expect(await redemptionOf(first.checkout.id)).toMatchObject({ state: 'held' });
    const second = await openCheckoutOk(t, who.token, 'beatPurchase', cart(who, [a!, b!], mine.code));
    const [old] = await t.deps.db.select().from(checkouts).where(eq(checkouts.id, first.checkout.id));
    expect(old!.status).toBe('expired');
    expect(await redemptionOf(first.checkout.id)).toMatchObject({ state: 'released' });
    expect(await redemptionOf(second.checkout.id)).toMatchObject({ state: 'held' });
  });

  it('lets exactly one of ten buyers opening checkouts at once take a code’s last redemption', async () => {
    const last = await makeCoupon({ maxRedemptions: 1 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer()));
    const beatsBought = await leases(...buyers.map(() => 1000));
    const answers = await Promise.all(buyers.map((who, i) => openCheckout(t, who.token, 'beatPurchase', cart(who, [beatsBought[i]!], last.code))));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((r) => r.statusCode === 409)) expect(r.json().message).toBe('This code has been used up.');
    const held = await t.deps.db
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, last._id), inArray(couponRedemptions.state, ['held', 'redeemed'])));
    expect(held).toHaveLength(1);
  });
});
