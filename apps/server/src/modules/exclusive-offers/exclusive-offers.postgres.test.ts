/**
 * Offers under concurrent requests on a PostgreSQL server (docs/product/exclusive-offers.md): one buyer's offers sent
 * at once on one beat leave one live offer, and two buyers' offers accepted at once on one beat leave one accepted, the
 * beat held for that buyer alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authed, createBeat, createTestApp, createUser, loginAs, type TestApp } from '../../test/helper.js';
import { beats, exclusiveOffers } from '../../db/schema.js';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
  adminToken = await loginAs(t, await createUser(t, { isAdmin: true }));
});
afterAll(async () => {
  await t?.close();
});

const exclusive = () => createBeat(t, { title: `Contested ${Math.random().toString(36).slice(2, 8)}`, beatType: 'Exclusive', priceCents: 50_000 });
const post = (token: string, url: string, payload: object = {}) => t.app.inject(authed(token, { method: 'POST', url, payload }));

describe('offers on exclusives under concurrent requests (PostgreSQL server)', () => {
  it('keeps one live offer when a buyer sends ten at once on one beat', async () => {
    const beat = await exclusive();
    const buyer = await createUser(t);
    const token = await loginAs(t, buyer);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(token, '/api/exclusive-offers', { beatId: beat.id, amount: 100 + i })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const rows = await t.deps.db.select().from(exclusiveOffers).where(eq(exclusiveOffers.beatId, beat.id));
    expect(rows).toHaveLength(1);
  });

  it('accepts one of two buyers’ offers accepted at once on one beat, and holds the beat for that buyer', async () => {
    const beat = await exclusive();
    const buyers = await Promise.all([createUser(t), createUser(t)]);
    const offers = [];
    for (const buyer of buyers) {
      const res = await post(await loginAs(t, buyer), '/api/exclusive-offers', { beatId: beat.id, amount: 300 });
      expect(res.statusCode, res.body).toBe(201);
      offers.push((res.json() as { offer: { _id: string } }).offer._id);
    }
    const answers = await Promise.all(offers.map((id) => post(adminToken, `/api/admin/exclusive-offers/${id}/answer`, { answer: 'accept' })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.deps.db.select().from(exclusiveOffers).where(eq(exclusiveOffers.beatId, beat.id));
    const accepted = rows.filter((row) => row.state === 'accepted');
    expect(accepted).toHaveLength(1);
    expect(rows.filter((row) => row.state === 'open')).toHaveLength(1);
    const [held] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(held!.reservedBy).toBe(accepted[0]!.buyerId);
  });
});
