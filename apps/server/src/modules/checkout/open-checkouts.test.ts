/**
 * One open checkout per order (docs/product/offers-and-prices.md#one-open-checkout-per-order): the same items again
 * answer the buyer's open checkout, other items open another, a licence the buyer holds is refused before any session,
 * and many requests at once open one session. Runs on both databases (TEST_DATABASE_URL for the PostgreSQL server).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { authed, createBeat, createTestApp, dbKind, fixedClock, signedInUser, expectMessage, type TestApp } from '../../test/helper.js';
import { checkouts, entitlements, type BeatRow, type UserRow } from '../../db/schema.js';
import { body, lineOf, openCheckout, payAtTestCheckout } from './checkout.test-support.js';

const clock = fixedClock(new Date('2026-06-01T10:00:00Z'));
let t: TestApp;
let first: BeatRow;
let second: BeatRow;

beforeAll(async () => {
  t = await createTestApp({ clock });
  first = await createBeat(t, { title: 'Night Drive', priceCents: 1999 });
  second = await createBeat(t, { title: 'Low Tide', priceCents: 2999, stemsKey: 'stems/low-tide.zip' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const buyer = () => signedInUser(t);

async function sessionOf(token: string, kind: Parameters<typeof openCheckout>[2], payload: object): Promise<{ id: string; url: string }> {
  const res = await openCheckout(t, token, kind, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { session: { id: string; url: string } }).session;
}

const checkoutsOf = (user: UserRow) => t.deps.db.select().from(checkouts).where(eq(checkouts.userId, user.id));

describe(`one open checkout per order (${dbKind})`, () => {
  it('answers the open checkout again for the same items, in any order, without a new session', async () => {
    const { user, token } = await buyer();
    const opened = await sessionOf(token, 'beatPurchase', body(user, { beatDetails: [lineOf(first), lineOf(second)] }));
    const created = vi.spyOn(t.deps.payments, 'createCheckoutSession');
    const again = await sessionOf(token, 'beatPurchase', body(user, { beatDetails: [lineOf(second), lineOf(first)] }));
    expect(again).toEqual(opened);
    expect(created).not.toHaveBeenCalled();
    expect(await checkoutsOf(user)).toHaveLength(1);
  });

  it('opens another checkout for other items and leaves the first one open', async () => {
    const { user, token } = await buyer();
    const both = await sessionOf(token, 'beatPurchase', body(user, { beatDetails: [lineOf(first), lineOf(second)] }));
    const one = await sessionOf(token, 'beatPurchase', body(user, { beatDetails: [lineOf(first)] }));
    const stems = await sessionOf(token, 'stems', body(user, { beatDetails: [{ beatId: second.id }] }));
    expect(new Set([both.id, one.id, stems.id]).size).toBe(3);
    const rows = await checkoutsOf(user);
    expect(rows.map((row) => row.status)).toEqual(['open', 'open', 'open']);
    // Each of them is still the one answered for its items.
    expect(await sessionOf(token, 'beatPurchase', body(user, { beatDetails: [lineOf(first)] }))).toEqual(one);
    expect(await sessionOf(token, 'beatPurchase', body(user, { beatDetails: [lineOf(second), lineOf(first)] }))).toEqual(both);
  });

  it('opens one session for twenty requests at once, and every answer names it', async () => {
    const { user, token } = await buyer();
    const created = vi.spyOn(t.deps.payments, 'createCheckoutSession');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => openCheckout(t, token, 'beatPurchase', body(user, { beatDetails: [lineOf(first)] }))),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((res) => (res.json() as { session: { id: string } }).session.id));
    expect(ids.size).toBe(1);
    expect(created).toHaveBeenCalledTimes(1);
    const rows = await checkoutsOf(user);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.providerSessionId).toBe([...ids][0]);
  });

  it('opens a new checkout once the open one has lapsed or was cancelled', async () => {
    const { user, token } = await buyer();
    const lines = body(user, { beatDetails: [lineOf(second)] });
    const lapsed = await sessionOf(token, 'beatPurchase', lines);
    clock.advance(30 * 60_000);
    const fresh = await sessionOf(token, 'beatPurchase', lines);
    expect(fresh.id).not.toBe(lapsed.id);
    expect(await sessionOf(token, 'beatPurchase', lines)).toEqual(fresh);

    const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.providerSessionId, fresh.id));
    const cancel = await t.app.inject(authed(token, { method: 'POST', url: '/api/checkout/cancel', payload: { checkout: row!.id } }));
    expect(cancel.json()).toEqual({ status: 'expired' });
    const after = await sessionOf(token, 'beatPurchase', lines);
    expect(after.id).not.toBe(fresh.id);
    expect(await checkoutsOf(user)).toHaveLength(3);
  });

  it('refuses the lease once its checkout is paid, with no new session', async () => {
    const { user, token } = await buyer();
    const lines = body(user, { beatDetails: [lineOf(first)] });
    const opened = await sessionOf(token, 'beatPurchase', lines);
    expect((await payAtTestCheckout(t, opened.id)).statusCode).toBeLessThan(400);
    await expect.poll(async () => (await t.deps.db.select().from(entitlements).where(eq(entitlements.userId, user.id))).length).toBe(1);

    const created = vi.spyOn(t.deps.payments, 'createCheckoutSession');
    expectMessage(await openCheckout(t, token, 'beatPurchase', lines), 409, 'You already own Night Drive. Find it on your dashboard.');
    expect(created).not.toHaveBeenCalled();
    expect(await checkoutsOf(user)).toHaveLength(1);
  });

  it('refuses a lease the buyer holds through an exclusive, and stems they hold, before any session', async () => {
    const { user, token } = await buyer();
    await t.deps.db.insert(entitlements).values([
      { userId: user.id, beatId: first.id, source: 'exclusive' },
      { userId: user.id, beatId: second.id, source: 'stems' },
    ]);
    const created = vi.spyOn(t.deps.payments, 'createCheckoutSession');
    const lease = await openCheckout(t, token, 'beatPurchase', body(user, { beatDetails: [lineOf(first)] }));
    expectMessage(lease, 409, 'You already own the exclusive license of Night Drive. Find it on your dashboard.');
    expectMessage(await openCheckout(t, token, 'stems', body(user, { beatDetails: [{ beatId: second.id }] })), 409, 'You already have the stems of Low Tide. Find them on your dashboard.');
    expect(created).not.toHaveBeenCalled();
    expect(await checkoutsOf(user)).toEqual([]);
    // Stems grant no MP3 (docs/product/entitlements.md): the lease of that beat is still for sale.
    await sessionOf(token, 'beatPurchase', body(user, { beatDetails: [lineOf(second)] }));
  });

  it('tells the buyer of an exclusive that it is theirs, on every call that would sell it again', async () => {
    const { user, token } = await buyer();
    const sold = await createBeat(t, { title: 'Only Mine', beatType: 'Exclusive', priceCents: 30000, soldAt: clock.now(), stemsKey: 'stems/mine.zip' });
    await t.deps.db.insert(entitlements).values({ userId: user.id, beatId: sold.id, source: 'exclusive' });
    const created = vi.spyOn(t.deps.payments, 'createCheckoutSession');
    const asks = [
      await openCheckout(t, token, 'exclusive', body(user, { beatId: sold.id })),
      await openCheckout(t, token, 'beatPurchase', body(user, { beatDetails: [{ beatId: sold.id }] })),
      await openCheckout(t, token, 'stems', body(user, { beatDetails: [{ beatId: sold.id }] })),
    ];
    for (const res of asks) {
      expectMessage(res, 409, 'You already own the exclusive license of Only Mine. Find it on your dashboard.');
    }
    expect(created).not.toHaveBeenCalled();
    expect(await checkoutsOf(user)).toEqual([]);
    // Anyone else is told it was sold, as before.
    const other = await buyer();
    expectMessage(await openCheckout(t, other.token, 'exclusive', body(other.user, { beatId: sold.id })), 409, 'Only Mine has already been sold.');
  });

  it('lets the database keep one open checkout per buyer and items', async () => {
    const { user, token } = await buyer();
    const opened = await sessionOf(token, 'vipPlan', body(user, {}));
    const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.providerSessionId, opened.id));
    expect(row!.itemsKey).toMatch(/^[0-9a-f]{64}$/);
    const copy = { ...row!, id: crypto.randomUUID(), providerSessionId: `${row!.providerSessionId}_copy` };
    const refused = await t.deps.db.insert(checkouts).values(copy).onConflictDoNothing().returning({ id: checkouts.id });
    expect(refused).toEqual([]);
    await t.deps.db.update(checkouts).set({ status: 'expired' }).where(and(eq(checkouts.id, row!.id)));
    expect(await t.deps.db.insert(checkouts).values(copy).returning({ id: checkouts.id })).toEqual([{ id: copy.id }]);
  });
});
