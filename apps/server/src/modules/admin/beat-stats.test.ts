/** The per-beat totals kept by triggers always equal the totals counted from the favourites and the books. */
import { describe, expect, it } from 'vitest';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { beats, beatStats, favorites, purchases, users } from '../../db/schema.js';
import { fileTestApp } from '../../test/helper.js';
import { buyerFanAndTwoBeats } from './totals.test-support.js';

const t = fileTestApp();
const f = buyerFanAndTwoBeats(t);

/** What the analytics counted on every request before the totals were kept: the rule itself. */
async function countedFromScratch() {
  const beatRows = await t.deps.db.select({ id: beats.id }).from(beats);
  const favourites = await t.deps.db.select({ beatId: favorites.beatId, n: count() }).from(favorites).groupBy(favorites.beatId);
  const sales = await t.deps.db
    .select({ beatId: purchases.beatId, n: count(), cents: sql<string>`sum(${purchases.priceCents})` })
    .from(purchases)
    .where(isNull(purchases.refundedAt))
    .groupBy(purchases.beatId);
  return beatRows
    .map(({ id }) => {
      const s = sales.find((r) => r.beatId === id);
      return { beatId: id, favourites: favourites.find((r) => r.beatId === id)?.n ?? 0, sales: s?.n ?? 0, revenueCents: Number(s?.cents ?? 0) };
    })
    .sort((a, b) => a.beatId.localeCompare(b.beatId));
}

async function kept() {
  const rows = await t.deps.db.select().from(beatStats);
  return rows.sort((a, b) => a.beatId.localeCompare(b.beatId));
}

const sale = (beatId: string | null, priceCents: number) => ({
  userId: f.buyer.id,
  buyerEmail: f.buyer.email,
  buyerName: f.buyer.fullName,
  sessionType: 'beatPurchase' as const,
  kind: 'lease' as const,
  beatId,
  title: 'A beat',
  provider: 'test',
  priceCents,
});

describe('per-beat totals', () => {
  it('start at zero for a new beat and follow favourites, sales, refunds, edits and deletions', async () => {
    expect((await kept()).filter((r) => [f.one.id, f.two.id].includes(r.beatId))).toEqual(
      [f.one.id, f.two.id].sort().map((beatId) => ({ beatId, favourites: 0, sales: 0, revenueCents: 0 })),
    );

    await t.deps.db.insert(favorites).values([
      { userId: f.buyer.id, beatId: f.one.id },
      { userId: f.fan.id, beatId: f.one.id },
      { userId: f.fan.id, beatId: f.two.id },
    ]);
    const [first, second] = await t.deps.db
      .insert(purchases)
      .values([sale(f.one.id, 1999), sale(f.one.id, 2500), sale(f.two.id, 4999), sale(null, 2900)])
      .returning();
    expect(await kept()).toEqual(await countedFromScratch());
    expect((await kept()).find((r) => r.beatId === f.one.id)).toEqual({ beatId: f.one.id, favourites: 2, sales: 2, revenueCents: 4499 });

    // A refund leaves the totals; a price correction and a move to another beat are followed.
    await t.deps.db.update(purchases).set({ refundedAt: new Date() }).where(eq(purchases.id, first!.id));
    await t.deps.db.update(purchases).set({ priceCents: 3000, beatId: f.two.id }).where(eq(purchases.id, second!.id));
    await t.deps.db.delete(favorites).where(and(eq(favorites.userId, f.fan.id), eq(favorites.beatId, f.one.id)));
    expect(await kept()).toEqual(await countedFromScratch());
    expect((await kept()).find((r) => r.beatId === f.two.id)).toEqual({ beatId: f.two.id, favourites: 1, sales: 2, revenueCents: 7999 });

    // A deleted account takes its favourites along; its purchases stay in the books.
    await t.deps.db.delete(users).where(eq(users.id, f.fan.id));
    expect(await kept()).toEqual(await countedFromScratch());
    expect((await kept()).find((r) => r.beatId === f.two.id)).toMatchObject({ favourites: 0, sales: 2 });

    // A beat removed from the database goes with its totals; the sales it had lose their beat.
    await t.deps.db.delete(beats).where(eq(beats.id, f.two.id));
    expect(await kept()).toEqual(await countedFromScratch());
    expect((await kept()).some((r) => r.beatId === f.two.id)).toBe(false);
  });
});
