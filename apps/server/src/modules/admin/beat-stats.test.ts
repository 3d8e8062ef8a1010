/** The per-beat totals kept by triggers always equal the totals counted from the favourites and the books. */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { beats, beatStats, favorites, purchases, users, type BeatRow, type UserRow } from '../../db/schema.js';
import { createBeat, createUser, fileTestApp } from '../../test/helper.js';

let buyer: UserRow;
let fan: UserRow;
let one: BeatRow;
let two: BeatRow;

const t = fileTestApp();
beforeAll(async () => {
  buyer = await createUser(t);
  fan = await createUser(t);
  one = await createBeat(t);
  two = await createBeat(t);
});

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
  userId: buyer.id,
  buyerEmail: buyer.email,
  buyerName: buyer.fullName,
  sessionType: 'beatPurchase' as const,
  kind: 'lease' as const,
  beatId,
  title: 'A beat',
  provider: 'test',
  priceCents,
});

describe('per-beat totals', () => {
  it('start at zero for a new beat and follow favourites, sales, refunds, edits and deletions', async () => {
    expect((await kept()).filter((r) => [one.id, two.id].includes(r.beatId))).toEqual(
      [one.id, two.id].sort().map((beatId) => ({ beatId, favourites: 0, sales: 0, revenueCents: 0 })),
    );

    await t.deps.db.insert(favorites).values([
      { userId: buyer.id, beatId: one.id },
      { userId: fan.id, beatId: one.id },
      { userId: fan.id, beatId: two.id },
    ]);
    const [first, second] = await t.deps.db
      .insert(purchases)
      .values([sale(one.id, 1999), sale(one.id, 2500), sale(two.id, 4999), sale(null, 2900)])
      .returning();
    expect(await kept()).toEqual(await countedFromScratch());
    expect((await kept()).find((r) => r.beatId === one.id)).toEqual({ beatId: one.id, favourites: 2, sales: 2, revenueCents: 4499 });

    // A refund leaves the totals; a price correction and a move to another beat are followed.
    await t.deps.db.update(purchases).set({ refundedAt: new Date() }).where(eq(purchases.id, first!.id));
    await t.deps.db.update(purchases).set({ priceCents: 3000, beatId: two.id }).where(eq(purchases.id, second!.id));
    await t.deps.db.delete(favorites).where(and(eq(favorites.userId, fan.id), eq(favorites.beatId, one.id)));
    expect(await kept()).toEqual(await countedFromScratch());
    expect((await kept()).find((r) => r.beatId === two.id)).toEqual({ beatId: two.id, favourites: 1, sales: 2, revenueCents: 7999 });

    // A deleted account takes its favourites along; its purchases stay in the books.
    await t.deps.db.delete(users).where(eq(users.id, fan.id));
    expect(await kept()).toEqual(await countedFromScratch());
    expect((await kept()).find((r) => r.beatId === two.id)).toMatchObject({ favourites: 0, sales: 2 });

    // A beat removed from the database goes with its totals; the sales it had lose their beat.
    await t.deps.db.delete(beats).where(eq(beats.id, two.id));
    expect(await kept()).toEqual(await countedFromScratch());
    expect((await kept()).some((r) => r.beatId === two.id)).toBe(false);
  });
});
