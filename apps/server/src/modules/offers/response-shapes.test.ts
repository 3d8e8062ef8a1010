/**
 * The product's existing calls answer as they did before licence tiers, with fields added and none removed
 * (docs/product/licenses.md#tiers). The key sets below are the answers' fields as the shared schemas had them before
 * tiers (every field that is always there); each real answer, for a beat sold as a tier other than the MP3 Lease too,
 * must still carry every one of them with the same kind of value.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { beats as beatsTable } from '../../db/schema.js';
import { authed, createBeat, createUser, dbKind, fileTestApp, loginAs } from '../../test/helper.js';
import { body, openCheckoutOk, payAtTestCheckout } from '../checkout/checkout.test-support.js';

const t = fileTestApp();

const before = {
  cartItem: ['_id', 'addedAt', 'artistName', 'beatTitle', 'beatType', 'hasStems', 'licence', 'price', 'slug'],
  stemsCartItem: ['_id', 'addedAt', 'artistName', 'beatTitle', 'price', 'slug'],
  purchase: ['_id', 'beatId', 'beatTitle', 'kind', 'licenseId', 'paymentDate', 'price', 'purchaseType', 'refunded', 'sessionType', 'status', 'verifyUrl'],
  beat: ['_id', 'artistName', 'beatTitle', 'beatType', 'bpm', 'hasStems', 'price', 'releaseDate', 'slug', 'tags'],
  confirm: ['checkoutId', 'items', 'sessionType', 'status', 'total'],
  confirmItem: ['kind', 'price', 'refunded', 'title'],
  upgrade: ['alreadyPaid', 'artistName', 'beatId', 'beatTitle', 'exclusivePrice', 'leaseLicenseId', 'leasePurchaseId', 'price', 'slug'],
  verification: ['artistName', 'beatSlug', 'beatTitle', 'buyer', 'licenseId', 'licenseType', 'purchaseDate', 'status'],
  libraryHold: ['acquiredAt', 'checkoutId', 'kind', 'label', 'licenseUrl', 'purchaseId'],
  terms: ['audioStreams', 'body', 'creditRequired', 'distributionCopies', 'exclusive', 'musicVideos', 'offer', 'paidPerformances', 'radioStations', 'title', 'updatedAt', 'version'],
  quote: ['bulkDeal', 'bulkDiscount', 'coupon', 'couponDiscount', 'lines', 'rule', 'subtotal', 'total'],
} as const;

/** Every key of today's answer is still there, with a value of the same kind (numbers stay numbers, labels strings). */
function keepsShape(answer: Record<string, unknown>, keys: readonly string[], kinds: Record<string, string> = {}) {
  for (const key of keys) {
    expect(answer, key).toHaveProperty(key);
    if (kinds[key]) expect(typeof answer[key], key).toBe(kinds[key]);
  }
}

describe(`the existing calls keep their answers' fields (${dbKind})`, () => {
  it('cart, stems cart, quote, checkout, confirmation, purchases, verification, library, terms, upgrades and the catalog', async () => {
    const buyer = await createUser(t);
    const token = await loginAs(t, buyer);
    const leased = await createBeat(t, { priceCents: 2999, wavKey: 'audio/test/beat.wav', stemsKey: 'audio/test/stems.zip' });
    const asWav = await createBeat(t, { priceCents: 2999, wavKey: 'audio/test/beat.wav', stemsKey: 'audio/test/stems.zip' });
    const get = async (url: string) => (await t.app.inject(authed(token, { method: 'GET', url }))).json();

    await t.app.inject(authed(token, { method: 'POST', url: '/api/cart', payload: { userId: buyer.id, beatId: leased.id } }));
    await t.app.inject(authed(token, { method: 'POST', url: '/api/cart', payload: { userId: buyer.id, beatId: asWav.id, tier: 'wav' } }));
    await t.app.inject(authed(token, { method: 'POST', url: '/api/stemscart', payload: { userId: buyer.id, beatId: leased.id } }));
    const cart = await get(`/api/cart/${buyer.id}`);
    expect(cart.cartItems).toHaveLength(2);
    for (const item of cart.cartItems) keepsShape(item, before.cartItem, { price: 'number', licence: 'string' });
    expect(cart.cartItems.map((i: { licence: string }) => i.licence)).toEqual(['MP3', 'MP3']);
    for (const item of (await get(`/api/stemscart/${buyer.id}`)).cartItems) keepsShape(item, before.stemsCartItem);

    const quote = (await t.app.inject(authed(token, { method: 'POST', url: '/api/checkout/quote', payload: { userId: buyer.id, sessionType: 'beatPurchase', beatIds: [leased.id, asWav.id] } }))).json();
    keepsShape(quote, before.quote, { total: 'number' });
    expect(quote.total).toBe(79.98);

    const { sessionId } = await openCheckoutOk(t, token, 'beatPurchase', body(buyer, { beatDetails: [{ beatId: leased.id, price: 29.99 }, { beatId: asWav.id, price: 49.99 }] }));
    expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);
    const confirm = (await t.app.inject(authed(token, { method: 'POST', url: '/api/checkout/confirm', payload: { sessionId } }))).json();
    keepsShape(confirm, before.confirm);
    for (const item of confirm.items) keepsShape(item, before.confirmItem, { kind: 'string', price: 'number' });
    // Every non-exclusive tier is still a lease to the calls that know only leases.
    expect(confirm.items.map((i: { kind: string }) => i.kind)).toEqual(['lease', 'lease']);

    const { purchases } = await get(`/api/getrecentpurchases/${buyer.id}`);
    for (const p of purchases) keepsShape(p, before.purchase, { price: 'number', status: 'string' });
    const verification = (await t.app.inject({ method: 'GET', url: `/api/licenses/${purchases[0].licenseId}/verify` })).json();
    keepsShape(verification, before.verification);
    const library = await get(`/api/users/${buyer.id}/library`);
    for (const item of library.items) for (const hold of item.holds) keepsShape(hold, before.libraryHold);
    expect(library.items).toHaveLength(2);

    const terms = (await t.app.inject({ method: 'GET', url: '/api/licenses/terms' })).json();
    expect(terms.terms.map((x: { offer: string }) => x.offer)).toEqual(['lease', 'stems', 'exclusive', 'vipPlan', 'credit']);
    for (const x of terms.terms) keepsShape(x, before.terms);

    const { beats } = (await t.app.inject({ method: 'GET', url: '/api/getbeats' })).json();
    for (const beat of beats) keepsShape(beat, before.beat);

    // The producer offers the leased beat exclusively: its upgrade answers as before.
    await t.deps.db.update(beatsTable).set({ beatType: 'Exclusive', priceCents: 50000 }).where(eq(beatsTable.id, leased.id));
    const { upgrades } = await get(`/api/users/${buyer.id}/upgrades`);
    expect(upgrades).toHaveLength(1);
    keepsShape(upgrades[0], before.upgrade, { price: 'number' });
    expect(upgrades[0].price).toBe(470.01);
  });
});
