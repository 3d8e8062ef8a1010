/**
 * The day totals that triggers keep (migration 0006, docs/decisions/0015-query-plans.md#day-totals): the analytics
 * series read a row per day instead of counting every sale, play and sign-up, and the admin lists' totals are the
 * sum of every day's rows instead of a count of the table. Measured at the bench's scale, counting instead made the
 * dashboard's year 40–61 times slower (0.9–1.3 s) and the lists' totals 9–87 times
 * (docs/benchmarks.md#kept-or-removed-by-measurement).
 */
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Deps } from '../../deps.js';
import { dailyTotals } from '../../db/schema.js';

export interface ListTotals {
  users: number;
  /** Every ledger row, refunded or not. */
  purchases: number;
  /** Every beat, deleted or not (the per-beat table). */
  beats: number;
  /** Beats not deleted (beats management), and the exclusives among them. */
  liveBeats: number;
  liveExclusives: number;
}

export async function listTotals(deps: Pick<Deps, 'db'>): Promise<ListTotals> {
  const total = (column: AnyPgColumn) => sql<string>`coalesce(sum(${column}), 0)`;
  const [row] = await deps.db
    .select({
      users: total(dailyTotals.newUsers),
      purchases: total(dailyTotals.purchases),
      beats: total(dailyTotals.beats),
      liveBeats: total(dailyTotals.liveBeats),
      liveExclusives: total(dailyTotals.liveExclusives),
    })
    .from(dailyTotals);
  return {
    users: Number(row?.users ?? 0),
    purchases: Number(row?.purchases ?? 0),
    beats: Number(row?.beats ?? 0),
    liveBeats: Number(row?.liveBeats ?? 0),
    liveExclusives: Number(row?.liveExclusives ?? 0),
  };
}

/** Folds each day's appended rows into one; returns how many rows fewer the table has. */
export async function compactDailyTotals(deps: Pick<Deps, 'db'>): Promise<number> {
  const result = await deps.db.execute<{ removed: number }>(sql`select compact_daily_totals() as removed`);
  return Number(result.rows[0]?.removed ?? 0);
}
