/** The day totals kept by triggers always equal what a count of the tables themselves gives, before and after compaction. */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  beats,
  creditSpends,
  dailyTotals,
  downloads,
  favorites,
  plays,
  purchases,
  sessionLogs,
  users,
} from '../../db/schema.js';
import { createBeat, createUser, fileTestApp } from '../../test/helper.js';
import { buyerFanAndTwoBeats } from './totals.test-support.js';
import { compactDailyTotals, listTotals } from './daily-totals.js';

const t = fileTestApp();
const f = buyerFanAndTwoBeats(t, { beatType: 'Exclusive', priceCents: 49_900 });

const day = (column: string) => `(${column} at time zone 'UTC')::date::text`;

/** Every day's numbers counted from the tables, as the analytics did before the totals were kept: the rule itself. */
async function countedFromScratch() {
  const query = `
    select day, sum(revenue_cents)::bigint as revenue_cents, sum(beat_purchase)::int as beat_purchase, sum(stems)::int as stems,
      sum(exclusive)::int as exclusive, sum(vip_plan)::int as vip_plan, sum(purchases)::int as purchases, sum(new_users)::int as new_users,
      sum(beats)::int as beats, sum(live_beats)::int as live_beats, sum(live_exclusives)::int as live_exclusives, sum(plays)::int as plays,
      sum(downloads)::int as downloads, sum(credits_spent)::int as credits_spent, sum(favourites)::int as favourites,
      sum(sessions)::int as sessions, sum(session_seconds)::bigint as session_seconds
    from (
      select ${day('purchased_at')} as day, case when refunded_at is null then price_cents else 0 end as revenue_cents,
        (refunded_at is null and session_type = 'beatPurchase')::int as beat_purchase, (refunded_at is null and session_type = 'stems')::int as stems,
        (refunded_at is null and session_type = 'exclusive')::int as exclusive, (refunded_at is null and session_type = 'vipPlan')::int as vip_plan,
        1 as purchases, 0 as new_users, 0 as beats, 0 as live_beats, 0 as live_exclusives, 0 as plays, 0 as downloads, 0 as credits_spent,
        0 as favourites, 0 as sessions, 0 as session_seconds from purchases
      union all select ${day('created_at')}, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 from users
      union all select ${day('created_at')}, 0, 0, 0, 0, 0, 0, 0, 1, (deleted_at is null)::int,
        (deleted_at is null and beat_type = 'Exclusive')::int, 0, 0, 0, 0, 0, 0 from beats
      union all select ${day('created_at')}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0 from plays
      union all select ${day('created_at')}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0 from downloads
      union all select ${day('created_at')}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, credits, 0, 0, 0 from credit_spends
      union all select ${day('created_at')}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0 from favorites
      union all select ${day('created_at')}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, seconds from session_logs
    ) c group by day`;
  return normalise((await t.deps.db.execute(sql.raw(query))).rows);
}

async function kept() {
  const query = `
    select day::text as day, sum(revenue_cents)::bigint as revenue_cents, sum(beat_purchase)::int as beat_purchase, sum(stems)::int as stems,
      sum(exclusive)::int as exclusive, sum(vip_plan)::int as vip_plan, sum(purchases)::int as purchases, sum(new_users)::int as new_users,
      sum(beats)::int as beats, sum(live_beats)::int as live_beats, sum(live_exclusives)::int as live_exclusives, sum(plays)::int as plays,
      sum(downloads)::int as downloads, sum(credits_spent)::int as credits_spent, sum(favourites)::int as favourites,
      sum(sessions)::int as sessions, sum(session_seconds)::bigint as session_seconds
    from daily_totals group by day`;
  return normalise((await t.deps.db.execute(sql.raw(query))).rows);
}

/** Days whose every number is zero are the same as days without a row. */
function normalise(rows: Record<string, unknown>[]) {
  return rows
    .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === 'day' ? v : Number(v)])))
    .filter((row) => Object.entries(row).some(([k, v]) => k !== 'day' && v !== 0))
    .sort((a, b) => String(a.day).localeCompare(String(b.day)));
}

async function expectExact() {
  expect(await kept()).toEqual(await countedFromScratch());
  const [counts] = (
    await t.deps.db.execute<{ users: string; purchases: string; beats: string; live: string; exclusives: string }>(
      sql`select (select count(*) from users) as users, (select count(*) from purchases) as purchases, (select count(*) from beats) as beats,
        (select count(*) from beats where deleted_at is null) as live,
        (select count(*) from beats where deleted_at is null and beat_type = 'Exclusive') as exclusives`,
    )
  ).rows;
  expect(await listTotals(t.deps)).toEqual({
    users: Number(counts!.users),
    purchases: Number(counts!.purchases),
    beats: Number(counts!.beats),
    liveBeats: Number(counts!.live),
    liveExclusives: Number(counts!.exclusives),
  });
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

const sale = (beatId: string | null, priceCents: number, sessionType: 'beatPurchase' | 'stems' | 'exclusive' | 'vipPlan', purchasedAt: Date) => ({
  userId: f.buyer.id,
  buyerEmail: f.buyer.email,
  buyerName: f.buyer.fullName,
  sessionType,
  kind: sessionType === 'beatPurchase' ? ('lease' as const) : sessionType,
  beatId,
  title: 'A beat',
  provider: 'test',
  priceCents,
  purchasedAt,
});

describe('day totals', () => {
  it('follow sales, refunds, sign-ups, plays, downloads, credits, favourites, sessions, beat edits and deletions', async () => {
    await expectExact();

    const [first, second, third] = await t.deps.db
      .insert(purchases)
      .values([
        sale(f.one.id, 1999, 'beatPurchase', daysAgo(0)),
        sale(f.one.id, 2500, 'stems', daysAgo(3)),
        sale(f.two.id, 49_900, 'exclusive', daysAgo(3)),
        sale(null, 2900, 'vipPlan', daysAgo(40)),
      ])
      .returning();
    await t.deps.db.insert(plays).values([
      { beatId: f.one.id, userId: f.fan.id, seconds: 12, createdAt: daysAgo(1) },
      { beatId: f.one.id, userId: null, seconds: 30, createdAt: daysAgo(1) },
      { beatId: f.two.id, userId: f.buyer.id, seconds: 50, createdAt: daysAgo(400) },
    ]);
    await t.deps.db.insert(downloads).values([{ userId: f.buyer.id, beatId: f.one.id, fileType: 'mp3', createdAt: daysAgo(2) }]);
    await t.deps.db.insert(creditSpends).values([{ userId: f.fan.id, beatId: f.one.id, credits: 2, createdAt: daysAgo(5) }]);
    await t.deps.db.insert(favorites).values([
      { userId: f.fan.id, beatId: f.one.id, createdAt: daysAgo(5) },
      { userId: f.buyer.id, beatId: f.one.id },
    ]);
    await t.deps.db.insert(sessionLogs).values([
      { userId: f.fan.id, seconds: 300, createdAt: daysAgo(5) },
      { userId: f.buyer.id, seconds: 61 },
    ]);
    await expectExact();

    // A refund, a price correction, a sale moved to another day and a change of kind are followed.
    await t.deps.db.update(purchases).set({ refundedAt: new Date() }).where(eq(purchases.id, first!.id));
    await t.deps.db.update(purchases).set({ priceCents: 3000, purchasedAt: daysAgo(9) }).where(eq(purchases.id, second!.id));
    await t.deps.db.update(purchases).set({ sessionType: 'beatPurchase', kind: 'lease' }).where(eq(purchases.id, third!.id));
    // Updates that change nothing counted write nothing.
    const before = (await t.deps.db.select().from(dailyTotals)).length;
    await t.deps.db.update(purchases).set({ buyerName: 'Renamed Buyer' });
    await t.deps.db.update(beats).set({ playCount: sql`${beats.playCount} + 1` });
    expect((await t.deps.db.select().from(dailyTotals)).length).toBe(before);
    await expectExact();

    // Beats: deleted (still in the per-beat table), an exclusive turned Non-Exclusive, one removed for good.
    await t.deps.db.update(beats).set({ deletedAt: new Date() }).where(eq(beats.id, f.one.id));
    await t.deps.db.update(beats).set({ beatType: 'Non-Exclusive' }).where(eq(beats.id, f.two.id));
    const three = await createBeat(t, { beatType: 'Exclusive', priceCents: 9_900 });
    await expectExact();
    await t.deps.db.delete(beats).where(eq(beats.id, three.id));

    // A deleted account takes its favourites and session logs along; its plays, downloads and purchases stay.
    await t.deps.db.delete(users).where(eq(users.id, f.fan.id));
    await expectExact();

    // Compaction leaves one row per day and changes no number; writes after it still count.
    const removed = await compactDailyTotals(t.deps);
    expect(removed).toBeGreaterThan(0);
    const rows = await t.deps.db.select({ day: dailyTotals.day }).from(dailyTotals);
    expect(new Set(rows.map((r) => r.day)).size).toBe(rows.length);
    await expectExact();
    await createUser(t);
    await t.deps.db.delete(purchases).where(eq(purchases.id, first!.id));
    await t.deps.db.delete(plays);
    await expectExact();
    expect(await compactDailyTotals(t.deps)).toBeGreaterThanOrEqual(0);
    await expectExact();
  });
});
