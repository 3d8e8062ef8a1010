/**
 * The dashboard's lists a page at a time: the pages together are exactly the whole list (each bought beat once, at
 * its latest purchase), new purchases between pages shift nothing, and a bad cursor is a 400.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PurchasedBeatsResponse, PurchasesResponse } from '@beat/shared';
import { purchases, type BeatRow, type UserRow } from '../../db/schema.js';
import { authed, createBeat, createUser, loginAs, fileTestApp, purchaseRow, expectMessage } from '../../test/helper.js';

let buyer: UserRow;
let token: string;
let otherToken: string;
const owned: BeatRow[] = [];

const bought = (beat: BeatRow | null, kind: 'lease' | 'stems' | 'vipPlan', purchasedAt: Date, refundedAt: Date | null = null) =>
  purchaseRow(buyer, {
    sessionType: kind === 'lease' ? 'beatPurchase' : kind,
    kind,
    beatId: beat?.id ?? null,
    title: beat?.title ?? 'VIP plan',
    priceCents: 1999,
    purchasedAt,
    refundedAt,
  });

const t = fileTestApp();
beforeAll(async () => {
  buyer = await createUser(t);
  token = await loginAs(t, buyer);
  otherToken = await loginAs(t, await createUser(t));
  for (let i = 0; i < 9; i++) owned.push(await createBeat(t));
  const same = new Date('2026-02-02T10:00:00.000001Z');
  const rows = owned.map((beat, i) => bought(beat, 'lease', i % 3 === 0 ? same : new Date(Date.UTC(2026, 0, 1 + i))));
  // Bought again later (shown once, at the newer purchase), refunded (not ownership), stems and the plan (other lists).
  rows.push(bought(owned[2]!, 'lease', new Date('2026-05-01T00:00:00Z')));
  rows.push(bought(owned[5]!, 'lease', new Date('2026-06-01T00:00:00Z'), new Date('2026-06-02T00:00:00Z')));
  rows.push(bought(owned[1]!, 'stems', new Date('2026-04-01T00:00:00Z')));
  rows.push(bought(null, 'vipPlan', new Date('2026-03-01T00:00:00Z')));
  await t.deps.db.insert(purchases).values(rows);
});

async function purchasedBeats(payload: object, as = token) {
  return t.app.inject(authed(as, { method: 'POST', url: '/api/getpurchasedbeats', payload: { email: buyer.email, ...payload } }));
}

describe('purchased beats a page at a time', () => {
  it('pages through exactly the whole list, each beat once, while new purchases arrive', async () => {
    const whole = (await purchasedBeats({})).json() as PurchasedBeatsResponse;
    expect(whole.nextCursor).toBeNull();
    expect(whole.beats).toHaveLength(9);
    expect(new Set(whole.beats.map((b) => b._id)).size).toBe(9);
    expect(whole.beats[0]).toMatchObject({ _id: owned[2]!.id, purchasedAt: '2026-05-01T00:00:00.000Z' });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await purchasedBeats({ limit: 2, ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as PurchasedBeatsResponse;
      expect(page.beats.length).toBeLessThanOrEqual(2);
      seen.push(...page.beats.map((b) => b._id));
      cursor = page.nextCursor;
      pages += 1;
      // A purchase made meanwhile is newer than every page: it shows at the top next time, not in the pages walked.
      await t.deps.db.insert(purchases).values(bought(await createBeat(t), 'lease', new Date()));
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(whole.beats.map((b) => b._id));
  });

  it('refuses a bad cursor and another account, as the whole list does', async () => {
    expectMessage(await purchasedBeats({ limit: 2, cursor: 'nope' }), 400, 'cursor is not valid');
    expect((await purchasedBeats({ limit: 0 })).statusCode).toBe(400);
    expect((await purchasedBeats({ limit: 2 }, otherToken)).statusCode).toBe(403);
  });
});

describe('purchase history a page at a time', () => {
  it('pages through every purchase once, newest first', async () => {
    const url = (query: string) => `/api/getrecentpurchases/${buyer.id}${query}`;
    const whole = (await t.app.inject(authed(token, { method: 'GET', url: url('') }))).json() as PurchasesResponse;
    expect(whole.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.app.inject(authed(token, { method: 'GET', url: url(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`) }));
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as PurchasesResponse;
      seen.push(...page.purchases.map((p) => p._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(whole.purchases.map((p) => p._id));
    expect(seen.length).toBeGreaterThan(12);
  });
});
