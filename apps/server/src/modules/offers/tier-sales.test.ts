/**
 * Selling licence tiers (docs/product/licenses.md#tiers, docs/product/entitlements.md): each tier bought grants exactly
 * its files and a refund takes them back; the cart names and changes a line's tier, and a visitor's cart joins the account
 * with the tiers chosen; upgrades between every pair of tiers
 * cost the difference to the cent (never below zero) and supersede the licence held; two upgrades paid at once deliver one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BeatTiersResponse, CartResponse, CheckDownloadResponse, ConfirmCheckoutResponse, MergeCartResponse, PurchasesResponse } from '@beat/shared';
import { beatTierPrices, beats, licenceTerms, purchases, refunds, type BeatRow } from '../../db/schema.js';
import { authed, createBeat, dbKind, fileTestApp, fixedClock, signedInUser, expectMessage } from '../../test/helper.js';
import { body, openCheckout, openCheckoutOk, payAtTestCheckout } from '../checkout/checkout.test-support.js';

const clock = fixedClock(new Date('2026-09-01T10:00:00Z'));
const t = fileTestApp({ clock });

type Buyer = Awaited<ReturnType<typeof signedInUser>>;

const newBuyer = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides);

/** Prices of the default tiers on the beats below: the lease is the beat's own price. */
const tierCents: Record<string, number> = { lease: 2999, wav: 4999, trackout: 9999, unlimited: 19999 };
const ladder = ['lease', 'wav', 'trackout', 'unlimited'] as const;

const fullBeat = (overrides: Partial<BeatRow> = {}) =>
  createBeat(t, { wavKey: 'audio/test/beat.wav', stemsKey: 'audio/test/stems.zip', priceCents: tierCents.lease, ...overrides });

const dollars = (cents: number) => cents / 100;

/** The buyer pays for one tier of the beat through the beat cart's checkout, at the price they were shown. */
async function buyTier(buyer: Buyer, beat: BeatRow, tier: string, priceCents: number) {
  const { sessionId } = await openCheckoutOk(t, buyer.token, 'beatPurchase', body(buyer.user, { beatDetails: [{ beatId: beat.id, tier, price: dollars(priceCents) }] }));
  expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);
  return sessionId;
}

const rightsOf = async (buyer: Buyer, beat: BeatRow) =>
  ((await t.app.inject(authed(buyer.token, { method: 'GET', url: `/api/entitlements/${buyer.user.id}/${beat.id}` }))).json() as CheckDownloadResponse).rights;

const linkStatus = async (buyer: Buyer, beat: BeatRow, fileType: string) =>
  (await t.app.inject(authed(buyer.token, { method: 'POST', url: '/api/download', payload: { userId: buyer.user.id, beatId: beat.id, fileType } }))).statusCode;

const tiersFor = async (buyer: Buyer, beat: BeatRow) =>
  ((await t.app.inject(authed(buyer.token, { method: 'GET', url: `/api/beats/${beat.id}/tiers` }))).json() as BeatTiersResponse).tiers;

const historyOf = async (buyer: Buyer) =>
  ((await t.app.inject(authed(buyer.token, { method: 'GET', url: `/api/getrecentpurchases/${buyer.user.id}` }))).json() as PurchasesResponse).purchases;

/** An admin's token, to read the ledger. */
let ledgerToken = '';

describe(`buying a licence tier (${dbKind})`, () => {
  beforeAll(async () => {
    ledgerToken = (await newBuyer({ isAdmin: true })).token;
  });

  const expected: Record<string, { mp3: boolean; wav: boolean; stems: boolean }> = {
    lease: { mp3: true, wav: false, stems: false },
    wav: { mp3: true, wav: true, stems: false },
    trackout: { mp3: true, wav: true, stems: true },
    unlimited: { mp3: true, wav: true, stems: true },
  };

  for (const tier of ladder) {
    it(`the ${tier} tier grants exactly its files, names itself everywhere, and a refund takes them back`, async () => {
      const buyer = await newBuyer();
      const beat = await fullBeat();
      const sessionId = await buyTier(buyer, beat, tier, tierCents[tier]!);
      expect(await rightsOf(buyer, beat)).toEqual(expected[tier]);
      const owned = (await t.app.inject(authed(buyer.token, { method: 'GET', url: `/api/entitlements/${buyer.user.id}` }))).json();
      expect(owned.beats).toEqual([{ beatId: beat.id, ...expected[tier] }]);
      for (const file of ['mp3', 'wav', 'stems'] as const) {
        expect(await linkStatus(buyer, beat, file), `${tier} ${file}`).toBe(expected[tier]![file] ? 200 : 403);
      }
      const confirm = (await t.app.inject(authed(buyer.token, { method: 'POST', url: '/api/checkout/confirm', payload: { sessionId } }))).json() as ConfirmCheckoutResponse;
      expect(confirm.items).toEqual([{ title: beat.title, kind: 'lease', price: dollars(tierCents[tier]!), refunded: false, tier: { key: tier, name: expect.any(String) } }]);
      const [bought] = await historyOf(buyer);
      expect(bought).toMatchObject({ kind: 'lease', tier: { key: tier }, price: dollars(tierCents[tier]!), status: 'valid' });
      const verify = (await t.app.inject({ method: 'GET', url: `/api/licenses/${bought!.licenseId}/verify` })).json();
      expect(verify.tier.key).toBe(tier);
      expect(verify.licenseType).toBe(bought!.tier!.name);
      const library = (await t.app.inject(authed(buyer.token, { method: 'GET', url: `/api/users/${buyer.user.id}/library` }))).json();
      expect(library.items[0].holds[0]).toMatchObject({ kind: 'lease', label: bought!.tier!.name, tier: { key: tier } });
      const ledger = (await t.app.inject(authed(ledgerToken, { method: 'GET', url: `/api/admin/analytics/purchases?q=${encodeURIComponent(beat.title)}` }))).json();
      expect(ledger.purchases[0]).toMatchObject({ item: beat.title, kind: 'lease', tier: { key: tier, name: bought!.tier!.name } });

      await t.deps.db.update(purchases).set({ refundedAt: clock.now() }).where(eq(purchases.id, bought!._id));
      expect(await rightsOf(buyer, beat)).toEqual({ mp3: false, wav: false, stems: false });
      expect(await linkStatus(buyer, beat, 'mp3')).toBe(403);
    });
  }

  it('the cart adds the primary offer by default, names the line\u2019s tier, and changes it to another tier the beat offers', async () => {
    const buyer = await newBuyer();
    const beat = await fullBeat();
    const add = await t.app.inject(authed(buyer.token, { method: 'POST', url: '/api/cart', payload: { userId: buyer.user.id, beatId: beat.id } }));
    expect(add.statusCode).toBe(200);
    const cartOf = async () => ((await t.app.inject(authed(buyer.token, { method: 'GET', url: `/api/cart/${buyer.user.id}` }))).json() as CartResponse).cartItems;
    const [line] = await cartOf();
    expect(line).toMatchObject({ licence: 'MP3', price: 29.99, tier: { key: 'lease', name: 'MP3 Lease', files: ['mp3'] } });
    expect(line!.tiers!.map((x) => [x.key, x.price])).toEqual([
      ['lease', 29.99],
      ['wav', 49.99],
      ['trackout', 99.99],
      ['unlimited', 199.99],
    ]);

    const change = await t.app.inject(authed(buyer.token, { method: 'PUT', url: '/api/cart/tier', payload: { userId: buyer.user.id, beatId: beat.id, tier: 'trackout' } }));
    expect(change.statusCode).toBe(200);
    expect(change.json()).toEqual({ message: `${beat.title} is now in your cart as Trackout Lease`, count: 1 });
    expect((await cartOf())[0]).toMatchObject({ licence: 'MP3', price: 99.99, tier: { key: 'trackout', files: ['mp3', 'wav', 'stems'] } });

    const refused = await t.app.inject(authed(buyer.token, { method: 'PUT', url: '/api/cart/tier', payload: { userId: buyer.user.id, beatId: beat.id, tier: 'exclusive' } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('is not sold as Exclusive');
    const other = await newBuyer();
    const foreign = await t.app.inject(authed(other.token, { method: 'PUT', url: '/api/cart/tier', payload: { userId: buyer.user.id, beatId: beat.id, tier: 'wav' } }));
    expect(foreign.statusCode).toBe(403);

    // The quote and the checkout charge the line's tier.
    const quote = await t.app.inject(authed(buyer.token, { method: 'POST', url: '/api/checkout/quote', payload: { userId: buyer.user.id, sessionType: 'beatPurchase', beatIds: [beat.id] } }));
    expect(quote.json().total).toBe(99.99);
    const { checkout } = await openCheckoutOk(t, buyer.token, 'beatPurchase', body(buyer.user, { beatDetails: [{ beatId: beat.id, price: 99.99 }] }));
    expect(checkout.amountCents).toBe(9999);
  });

  it('refuses a tier the buyer already holds, or one their licence covers, before any payment session', async () => {
    const buyer = await newBuyer();
    const beat = await fullBeat();
    await buyTier(buyer, beat, 'trackout', tierCents.trackout!);
    for (const tier of ['lease', 'wav', 'trackout']) {
      const res = await openCheckout(t, buyer.token, 'beatPurchase', body(buyer.user, { beatDetails: [{ beatId: beat.id, tier }] }));
      expect(res.statusCode, tier).toBe(409);
      expect(res.json().message).toContain(`You already own ${beat.title}`);
    }
    const owned = await tiersFor(buyer, beat);
    expect(owned.map((x) => [x.key, x.owned, x.upgradePrice])).toEqual([
      ['lease', true, undefined],
      ['wav', true, undefined],
      ['trackout', true, undefined],
      ['unlimited', false, 100],
    ]);
  });

  it('a VIP member pays the whole price of a tier above the VIP catalog\u2019s files, and is refused one below', async () => {
    const vip = await newBuyer({ userType: 'vipUser' });
    const beat = await fullBeat();
    expectMessage(await openCheckout(t, vip.token, 'beatPurchase', body(vip.user, { beatDetails: [{ beatId: beat.id, tier: 'wav' }] })), 409, `${beat.title} is already yours with the VIP catalog.`);
    const trackout = (await tiersFor(vip, beat)).find((x) => x.key === 'trackout')!;
    expect(trackout).toMatchObject({ owned: false, price: 99.99 });
    expect(trackout).not.toHaveProperty('upgradePrice');
  });
});

describe(`a visitor's cart with tiers joins the account (${dbKind})`, () => {
  const merge = (buyer: Buyer, payload: object) =>
    t.app.inject(authed(buyer.token, { method: 'POST', url: '/api/cart/merge', payload: { userId: buyer.user.id, ...payload } }));
  const cartOf = async (buyer: Buyer) =>
    ((await t.app.inject(authed(buyer.token, { method: 'GET', url: `/api/cart/${buyer.user.id}` }))).json() as CartResponse).cartItems;
  /** Each line's beat, tier and price, by title (lines added at the same moment are listed by title). */
  const lines = (items: MergeCartResponse['cartItems']) => items.map((i) => [i.beatTitle, i.tier?.key, i.price]).sort(byTitle);
  const byTitle = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));

  it('keeps each chosen tier, adds a beat without one as its MP3 lease, and the quote and checkout charge the tiers', async () => {
    const buyer = await newBuyer();
    const [wav, trackout, plain, carted] = [await fullBeat(), await fullBeat(), await fullBeat(), await fullBeat()];
    // Already in the account's cart as its MP3 lease: the tier the visitor chose last replaces it.
    await t.app.inject(authed(buyer.token, { method: 'POST', url: '/api/cart', payload: { userId: buyer.user.id, beatId: carted.id } }));
    const res = await merge(buyer, {
      beatIds: [wav.id, trackout.id, plain.id, carted.id],
      beatTiers: [
        { beatId: wav.id, tier: 'wav' },
        { beatId: trackout.id, tier: 'trackout' },
        { beatId: carted.id, tier: 'unlimited' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const merged = res.json() as MergeCartResponse;
    expect(merged.skipped).toEqual([]);
    expect(lines(merged.cartItems)).toEqual(
      [
        [carted.title, 'unlimited', 199.99],
        [wav.title, 'wav', 49.99],
        [trackout.title, 'trackout', 99.99],
        [plain.title, 'lease', 29.99],
      ].sort(byTitle),
    );
    expect(lines(await cartOf(buyer))).toEqual(lines(merged.cartItems));

    const ids = [wav.id, trackout.id, plain.id, carted.id];
    const quote = await t.app.inject(authed(buyer.token, { method: 'POST', url: '/api/checkout/quote', payload: { userId: buyer.user.id, sessionType: 'beatPurchase', beatIds: ids } }));
    expect(quote.json().lines.map((l: { beatId: string; price: number }) => [l.beatId, l.price])).toEqual(
      expect.arrayContaining([
        [wav.id, 49.99],
        [trackout.id, 99.99],
        [plain.id, 29.99],
        [carted.id, 199.99],
      ]),
    );
    expect(quote.json().total).toBe(379.96);
    const { checkout } = await openCheckoutOk(t, buyer.token, 'beatPurchase', body(buyer.user, { beatDetails: ids.map((beatId) => ({ beatId })) }));
    expect(checkout.amountCents).toBe(37996);
  });

  it('keeps the tier of an account line when the visitor chose none for it', async () => {
    const buyer = await newBuyer();
    const beat = await fullBeat();
    await t.app.inject(authed(buyer.token, { method: 'POST', url: '/api/cart', payload: { userId: buyer.user.id, beatId: beat.id, tier: 'trackout' } }));
    const res = await merge(buyer, { beatIds: [beat.id] });
    expect(lines((res.json() as MergeCartResponse).cartItems)).toEqual([[beat.title, 'trackout', 99.99]]);
  });

  it('refuses a tier the store does not have or the beat does not offer, with 400 and why, and merges nothing', async () => {
    const buyer = await newBuyer();
    const full = await fullBeat();
    const noWav = await fullBeat({ wavKey: null });
    const switchedOff = await fullBeat();
    await t.deps.db.insert(beatTierPrices).values({ beatId: switchedOff.id, tier: 'wav', priceCents: null, enabled: false });
    const exclusive = await fullBeat({ beatType: 'Exclusive', priceCents: 50_000 });
    for (const [beat, tier, message] of [
      [full, 'gold', 'There is no licence tier "gold".'],
      [noWav, 'wav', `${noWav.title} is not sold as WAV Lease: This beat has no WAV file.`],
      [switchedOff, 'wav', `${switchedOff.title} is not sold as WAV Lease: The WAV Lease is switched off for this beat.`],
      [exclusive, 'trackout', `${exclusive.title} is not sold as Trackout Lease: An Exclusive beat is sold only as its exclusive license.`],
    ] as const) {
      const res = await merge(buyer, { beatIds: [full.id, beat.id], stemsBeatIds: [full.id], beatTiers: [{ beatId: beat.id, tier }], coupon: 'SPRING30' });
      expect(res.statusCode, tier).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await cartOf(buyer)).toEqual([]);
    const kept = (await t.app.inject(authed(buyer.token, { method: 'GET', url: `/api/cart/${buyer.user.id}/coupons` }))).json();
    expect(kept).toEqual({ beats: null, stems: null });
    expectMessage(await merge(buyer, { beatIds: [], beatTiers: [{ beatId: full.id, tier: 'wav' }] }), 400, 'Each beat in beatTiers must be one of beatIds.');
  });

  it('skips a beat no longer for sale whatever its tier, as before', async () => {
    const buyer = await newBuyer();
    const gone = await fullBeat({ published: false });
    const kept = await fullBeat();
    const res = await merge(buyer, { beatIds: [gone.id, kept.id], beatTiers: [{ beatId: gone.id, tier: 'wav' }, { beatId: kept.id, tier: 'wav' }] });
    expect(res.statusCode).toBe(200);
    const merged = res.json() as MergeCartResponse;
    expect(merged.skipped).toEqual([gone.title]);
    expect(lines(merged.cartItems)).toEqual([[kept.title, 'wav', 49.99]]);
  });

  it('treats a tier the buyer already holds as a held MP3 lease: it joins the cart and its checkout is refused', async () => {
    const buyer = await newBuyer();
    const [heldWav, heldLease] = [await fullBeat(), await fullBeat()];
    await buyTier(buyer, heldWav, 'wav', tierCents.wav!);
    await buyTier(buyer, heldLease, 'lease', tierCents.lease!);
    const res = await merge(buyer, { beatIds: [heldWav.id, heldLease.id], beatTiers: [{ beatId: heldWav.id, tier: 'wav' }] });
    expect(res.statusCode).toBe(200);
    const merged = res.json() as MergeCartResponse;
    expect(merged.skipped).toEqual([]);
    expect(lines(merged.cartItems)).toEqual(
      [
        [heldWav.title, 'wav', 49.99],
        [heldLease.title, 'lease', 29.99],
      ].sort(byTitle),
    );
    for (const [beat, message] of [
      [heldWav, `You already own ${heldWav.title} as WAV Lease or a license that includes it. Find it on your dashboard.`],
      [heldLease, `You already own ${heldLease.title}. Find it on your dashboard.`],
    ] as const) {
      expectMessage(await openCheckout(t, buyer.token, 'beatPurchase', body(buyer.user, { beatDetails: [{ beatId: beat.id }] })), 409, message);
    }
  });
});

describe(`upgrades between tiers (${dbKind})`, () => {
  const pairs = ladder.flatMap((from, i) => ladder.slice(i + 1).map((to) => [from, to] as const));

  for (const [from, to] of pairs) {
    it(`${from} \u2192 ${to} costs the difference to the cent and supersedes the ${from} licence`, async () => {
      const buyer = await newBuyer();
      const beat = await fullBeat();
      await buyTier(buyer, beat, from, tierCents[from]!);
      const diff = tierCents[to]! - tierCents[from]!;
      expect((await tiersFor(buyer, beat)).find((x) => x.key === to)).toMatchObject({ owned: false, upgradePrice: dollars(diff) });

      await t.app.inject(authed(buyer.token, { method: 'POST', url: '/api/cart', payload: { userId: buyer.user.id, beatId: beat.id, tier: to } }));
      const [line] = ((await t.app.inject(authed(buyer.token, { method: 'GET', url: `/api/cart/${buyer.user.id}` }))).json() as CartResponse).cartItems;
      expect(line).toMatchObject({ price: dollars(diff), upgrade: { alreadyPaid: dollars(tierCents[from]!) }, tier: { key: to } });

      const full = await openCheckout(t, buyer.token, 'beatPurchase', body(buyer.user, { beatDetails: [{ beatId: beat.id, price: dollars(tierCents[to]!) }] }));
      expect(full.statusCode).toBe(409);
      const { sessionId, checkout } = await openCheckoutOk(t, buyer.token, 'beatPurchase', body(buyer.user, { beatDetails: [{ beatId: beat.id, price: dollars(diff) }] }));
      expect(checkout.amountCents).toBe(diff);
      expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);

      const rows = await t.deps.db.select().from(purchases).where(and(eq(purchases.userId, buyer.user.id), eq(purchases.beatId, beat.id)));
      const held = rows.find((r) => r.tier === from)!;
      const bought = rows.find((r) => r.tier === to)!;
      expect(bought).toMatchObject({ priceCents: diff, refundedAt: null, supersededAt: null });
      expect(held.supersededBy).toBe(bought.id);
      const history = await historyOf(buyer);
      expect(history.find((p) => p._id === bought.id)).toMatchObject({ status: 'valid', upgradedFromPaid: dollars(tierCents[from]!), tier: { key: to } });
      expect(history.find((p) => p._id === held.id)).toMatchObject({ status: 'superseded' });
      expect((await rightsOf(buyer, beat)).stems).toBe(to !== 'wav');
    });
  }

  for (const from of ladder) {
    it(`${from} \u2192 exclusive costs the exclusive less the ${from} licence`, async () => {
      const buyer = await newBuyer();
      const beat = await fullBeat();
      await buyTier(buyer, beat, from, tierCents[from]!);
      const exclusiveCents = 45_001;
      await t.deps.db.update(beats).set({ beatType: 'Exclusive', priceCents: exclusiveCents }).where(eq(beats.id, beat.id));
      const diff = exclusiveCents - tierCents[from]!;
      expect((await tiersFor(buyer, beat)).map((x) => [x.key, x.upgradePrice])).toEqual([['exclusive', dollars(diff)]]);
      const upgrades = (await t.app.inject(authed(buyer.token, { method: 'GET', url: `/api/users/${buyer.user.id}/upgrades` }))).json();
      expect(upgrades.upgrades).toEqual([expect.objectContaining({ beatId: beat.id, fromTier: from, toTier: 'exclusive', price: dollars(diff) })]);
      const { sessionId, checkout } = await openCheckoutOk(t, buyer.token, 'exclusive', body(buyer.user, { beatId: beat.id, price: dollars(diff) }));
      expect(checkout.amountCents).toBe(diff);
      expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);
      const [held] = await t.deps.db.select().from(purchases).where(and(eq(purchases.userId, buyer.user.id), eq(purchases.tier, from)));
      expect(held!.supersededAt).not.toBeNull();
    });
  }

  it('never costs less than nothing: a higher tier priced below what was paid is free to move up to', async () => {
    const buyer = await newBuyer();
    const beat = await fullBeat();
    await buyTier(buyer, beat, 'wav', tierCents.wav!);
    await t.deps.db.insert(beatTierPrices).values({ beatId: beat.id, tier: 'trackout', priceCents: 1000 });
    expect((await tiersFor(buyer, beat)).find((x) => x.key === 'trackout')).toMatchObject({ price: 10, upgradePrice: 0 });
  });

  it('two upgrades of one licence paid at once: one is delivered, the other refunded, and the licence is superseded once', async () => {
    const buyer = await newBuyer();
    const beat = await fullBeat();
    await buyTier(buyer, beat, 'wav', tierCents.wav!);
    const first = await openCheckoutOk(t, buyer.token, 'beatPurchase', body(buyer.user, { beatDetails: [{ beatId: beat.id, tier: 'trackout' }] }));
    const second = await openCheckoutOk(t, buyer.token, 'beatPurchase', body(buyer.user, { beatDetails: [{ beatId: beat.id, tier: 'unlimited' }] }));
    const paid = await Promise.all([payAtTestCheckout(t, first.sessionId), payAtTestCheckout(t, second.sessionId)]);
    expect(paid.map((r) => r.statusCode)).toEqual([303, 303]);

    const rows = await t.deps.db.select().from(purchases).where(and(eq(purchases.userId, buyer.user.id), eq(purchases.beatId, beat.id)));
    const upgrades = rows.filter((r) => r.tier !== 'wav');
    expect(upgrades).toHaveLength(2);
    const delivered = upgrades.filter((r) => r.refundedAt === null);
    expect(delivered).toHaveLength(1);
    const wav = rows.find((r) => r.tier === 'wav')!;
    expect(wav.supersededBy).toBe(delivered[0]!.id);
    const refunded = upgrades.find((r) => r.refundedAt !== null)!;
    const owed = await t.deps.db.select().from(refunds).where(eq(refunds.checkoutId, refunded.checkoutId!));
    expect(owed).toHaveLength(1);
    expect(owed[0]!.amountCents).toBe(refunded.priceCents);
    expect(owed[0]!.reason).toContain('WAV Lease');
  });
});

describe(`deals and terms per tier (${dbKind})`, () => {
  it('the bulk deal counts every non-exclusive tier as a lease, freeing the cheapest line at its tier price', async () => {
    const admin = await newBuyer({ isAdmin: true });
    const buyer = await newBuyer();
    const [a, b, c] = [await fullBeat(), await fullBeat(), await fullBeat()];
    const on = await t.app.inject(authed(admin.token, { method: 'PUT', url: '/api/admin/deals/bulk', payload: { enabled: true, buy: 2, free: 1 } }));
    expect(on.statusCode).toBe(200);
    try {
      for (const [beat, tier] of [[a, 'trackout'], [b, 'wav'], [c, 'unlimited']] as const) {
        await t.app.inject(authed(buyer.token, { method: 'POST', url: '/api/cart', payload: { userId: buyer.user.id, beatId: beat.id, tier } }));
      }
      const quote = (
        await t.app.inject(authed(buyer.token, { method: 'POST', url: '/api/checkout/quote', payload: { userId: buyer.user.id, sessionType: 'beatPurchase', beatIds: [a.id, b.id, c.id] } }))
      ).json();
      expect(quote.subtotal).toBe(349.97);
      expect(quote.bulkDiscount).toBe(49.99);
      expect(quote.total).toBe(299.98);
      const { checkout } = await openCheckoutOk(t, buyer.token, 'beatPurchase', body(buyer.user, { beatDetails: [a, b, c].map((x) => ({ beatId: x.id })) }));
      expect(checkout.amountCents).toBe(29998);
    } finally {
      await t.app.inject(authed(admin.token, { method: 'PUT', url: '/api/admin/deals/bulk', payload: { enabled: false, buy: 2, free: 1 } }));
    }
  });

  it("a tier's terms are edited as a new version with its publishing share, and a sale keeps the version it was shown", async () => {
    const admin = await newBuyer({ isAdmin: true });
    const buyer = await newBuyer();
    const beat = await fullBeat();
    const before = (await t.app.inject({ method: 'GET', url: '/api/licenses/terms/wav' })).json().terms;
    await t.app.inject(authed(buyer.token, { method: 'POST', url: '/api/cart', payload: { userId: buyer.user.id, beatId: beat.id, tier: 'wav' } }));
    const { sessionId } = await openCheckoutOk(t, buyer.token, 'beatPurchase', body(buyer.user, { beatDetails: [{ beatId: beat.id }] }));

    const { offer: _offer, version: _version, updatedAt: _updatedAt, ...numbers } = before;
    const edit = await t.app.inject(
      authed(admin.token, { method: 'PUT', url: '/api/admin/licenses/wav', payload: { ...numbers, distributionCopies: 12345, publishingShare: 40 } }),
    );
    expect(edit.statusCode).toBe(200);
    expect(edit.json().terms).toMatchObject({ offer: 'wav', version: before.version + 1, distributionCopies: 12345, publishingShare: 40 });
    const list = (await t.app.inject(authed(admin.token, { method: 'GET', url: '/api/admin/licenses' }))).json();
    expect(list.tierTerms.map((x: { offer: string }) => x.offer)).toEqual(['wav', 'trackout', 'unlimited']);
    expect((await tiersFor(buyer, beat)).find((x) => x.key === 'wav')!.summary).toContain('The producer keeps 40% of the publishing');

    expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);
    const [sold] = await t.deps.db.select().from(purchases).where(and(eq(purchases.userId, buyer.user.id), eq(purchases.tier, 'wav')));
    const pdfTerms = await t.app.inject(authed(buyer.token, { method: 'GET', url: `/api/purchases/${sold!.id}/licence` }));
    expect(pdfTerms.statusCode).toBe(200);
    expect(pdfTerms.headers['content-type']).toContain('application/pdf');
    const [frozen] = await t.deps.db.select().from(licenceTerms).where(eq(licenceTerms.id, sold!.termsId!));
    expect(frozen!.distributionCopies).toBe(before.distributionCopies);
  });
});

