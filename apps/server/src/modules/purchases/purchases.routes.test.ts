/** The dashboard and history calls, and the licence agreement PDF of each purchase. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PurchasedBeatsResponse, PurchasesResponse } from '@beat/shared';
import { authed, createBeat, createUser, fixedClock, loginAs, fileTestApp, expectMessage } from '../../test/helper.js';
import { pdfText } from '../../test/pdf-text.js';
import { beats, purchases, type BeatRow, type UserRow } from '../../db/schema.js';
import { body, lineOf, openCheckoutOk, payAtTestCheckout } from '../checkout/checkout.test-support.js';

const clock = fixedClock(new Date('2026-06-15T15:00:00Z'));
let buyer: UserRow;
let token: string;
let other: UserRow;
let otherToken: string;
let lease: BeatRow;
let stemsBeat: BeatRow;
let exclusive: BeatRow;

async function buy(kind: 'beatPurchase' | 'stems' | 'exclusive' | 'vipPlan', payload: object) {
  const { sessionId } = await openCheckoutOk(t, token, kind, body(buyer, payload));
  const res = await payAtTestCheckout(t, sessionId);
  if (res.statusCode !== 303) throw new Error(`payment failed: ${res.statusCode}`);
  clock.advance(60_000);
}

const t = fileTestApp({ clock });
beforeAll(async () => {
  buyer = await createUser(t, { fullName: 'Dana Dashboard' });
  other = await createUser(t);
  token = await loginAs(t, buyer);
  otherToken = await loginAs(t, other);
  lease = await createBeat(t, { title: 'Midnight Lease', priceCents: 1999, bpm: 92, tags: ['lofi', 'chill'] });
  stemsBeat = await createBeat(t, { title: 'Stem Garden', priceCents: 2999, stemsKey: 'audio/test/stems.zip' });
  exclusive = await createBeat(t, { title: 'Solo Crown', beatType: 'Exclusive', priceCents: 40000, stemsKey: 'audio/c.zip' });
  await buy('beatPurchase', { beatDetails: [lineOf(lease)] });
  await buy('stems', { beatDetails: [{ beatId: stemsBeat.id, price: 25 }] });
  await buy('exclusive', { beatId: exclusive.id, price: 400 });
  await buy('vipPlan', { price: 29 });
});

const history = (userId = buyer.id, as = token, query = '') =>
  t.app.inject(authed(as, { method: 'GET', url: `/api/getrecentpurchases/${userId}${query}` }));
const list = (path: string, email = buyer.email, as = token) => t.app.inject(authed(as, { method: 'POST', url: path, payload: { email } }));

describe('purchase history', () => {
  it('lists every purchase newest first with type, price and date', async () => {
    const res = await history();
    expect(res.statusCode).toBe(200);
    const { purchases: rows } = res.json() as PurchasesResponse;
    expect(rows.map((p) => [p.purchaseType, p.beatTitle, p.price, p.sessionType])).toEqual([
      ['VIP Plan', 'VIP catalog plan', 29, 'vipPlan'],
      ['Exclusive', 'Solo Crown', 400, 'exclusive'],
      ['Stems', 'Stem Garden', 25, 'stems'],
      ['MP3 Lease', 'Midnight Lease', 19.99, 'beatPurchase'],
    ]);
    expect(rows[3]!.paymentDate).toBe('2026-06-15T15:00:00.000Z');
    const limited = (await history(buyer.id, token, '?limit=2')).json() as PurchasesResponse;
    expect(limited.purchases).toHaveLength(2);
  });

  it('answers 401, 403 and 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/getrecentpurchases/${buyer.id}` })).statusCode).toBe(401);
    const stranger = await history(buyer.id, otherToken);
    expect(stranger.statusCode).toBe(403);
    expect((await history('nope')).statusCode).toBe(400);
    expectMessage(await history(buyer.id, token, '?limit=0'), 400, 'limit must be between 1 and 500');
    // Someone else's history is their own: empty.
    expect(((await history(other.id, otherToken)).json() as PurchasesResponse).purchases).toEqual([]);
  });
});

describe('purchased lists', () => {
  it('answers the leased beats, the exclusives and the stems, each with when and which purchase', async () => {
    const [leased, exclusives, stems] = await Promise.all([
      list('/api/getpurchasedbeats'),
      list('/api/getpurchasedExclusivebeats'),
      list('/api/getpurchasedstems'),
    ]);
    const l = (leased.json() as PurchasedBeatsResponse).beats;
    expect(l.map((b) => [b.beatTitle, b.bpm, b.tags])).toEqual([['Midnight Lease', 92, ['lofi', 'chill']]]);
    expect(l[0]!.purchasedAt).toBe('2026-06-15T15:00:00.000Z');
    expect(l[0]!.purchaseId).toMatch(/^[0-9a-f-]{36}$/);
    expect((exclusives.json() as PurchasedBeatsResponse).beats.map((b) => b.beatTitle)).toEqual(['Solo Crown']);
    const s = (stems.json() as PurchasedBeatsResponse).beats;
    expect(s.map((b) => [b.beatTitle, b.zipFileLink])).toEqual([['Stem Garden', `/api/beats/${stemsBeat.id}/files/stems`]]);
  });

  it('keeps a bought beat after an admin deletes it from the store', async () => {
    await t.deps.db.update(beats).set({ published: false, deletedAt: clock.now() }).where(eq(beats.id, lease.id));
    const leased = (await list('/api/getpurchasedbeats')).json() as PurchasedBeatsResponse;
    expect(leased.beats.map((b) => b.beatTitle)).toEqual(['Midnight Lease']);
    await t.deps.db.update(beats).set({ published: true, deletedAt: null }).where(eq(beats.id, lease.id));
  });

  it('answers 401, 403 for another e-mail and 400 for a bad one', async () => {
    for (const path of ['/api/getpurchasedbeats', '/api/getpurchasedExclusivebeats', '/api/getpurchasedstems']) {
      expect((await t.app.inject({ method: 'POST', url: path, payload: { email: buyer.email } })).statusCode).toBe(401);
      const stranger = await list(path, buyer.email, otherToken);
      expect(stranger.statusCode).toBe(403);
      expectMessage(await list(path, 'not-an-email'), 400, 'Email address is invalid');
    }
  });
});

describe('licence agreements', () => {
  it('is a PDF naming buyer, beat, licence type, date, price and the rights of the licence, for the owner', async () => {
    const { purchases: rows } = (await history()).json() as PurchasesResponse;
    const exclusivePurchase = rows.find((p) => p.kind === 'exclusive')!;
    const res = await t.app.inject(authed(token, { method: 'GET', url: `/api/purchases/${exclusivePurchase._id}/licence` }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Solo-Crown-Exclusive-License.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of ['Exclusive License', 'Dana Dashboard', buyer.email, 'Solo Crown', '06/15/2026', '$400.00 USD', 'Stems', '100% of the royalties of those songs go to the Licensee', 'Distribution copies\nUnlimited']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toMatch(/MP3 file\nNo/);

    const leasePurchase = rows.find((p) => p.kind === 'lease')!;
    const leasePdf = await pdfText(
      (await t.app.inject(authed(token, { method: 'GET', url: `/api/purchases/${leasePurchase._id}/licence` }))).rawPayload,
    );
    expect(leasePdf).toContain('MP3 Lease License');
    // The license id and where anyone may check it (docs/product/licenses.md#verification).
    expect(leasePdf).toContain(leasePurchase.licenseId);
    expect(leasePdf.replace(/\n/g, '')).toContain(leasePurchase.verifyUrl);
    expect(leasePdf).toMatch(/MP3 file\nYes\nWAV file\nNo\nStems\nNo/);
    const vip = rows.find((p) => p.kind === 'vipPlan')!;
    const vipPdf = await pdfText((await t.app.inject(authed(token, { method: 'GET', url: `/api/purchases/${vip._id}/licence` }))).rawPayload);
    expect(vipPdf).toContain('VIP Catalog License');
    expect(vipPdf).toMatch(/MP3 file\nYes\nWAV file\nYes\nStems\nNo/);
  });

  it('is only for its owner: 401, 403, 404, and 409 for a refunded purchase', async () => {
    const [row] = await t.deps.db.select().from(purchases).where(eq(purchases.userId, buyer.id)).limit(1);
    const url = `/api/purchases/${row!.id}/licence`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expectMessage(await t.app.inject(authed(otherToken, { method: 'GET', url })), 403, 'This purchase belongs to another account.');
    const missing = await t.app.inject(authed(token, { method: 'GET', url: '/api/purchases/00000000-0000-4000-8000-000000000000/licence' }));
    expect(missing.statusCode).toBe(404);
    await t.deps.db.update(purchases).set({ refundedAt: clock.now() }).where(eq(purchases.id, row!.id));
    expectMessage(await t.app.inject(authed(token, { method: 'GET', url })), 409, 'This purchase was refunded, so it carries no license.');
  });
});
