/**
 * The "popular" sort's numbers (docs/product/catalog-and-search.md#sorting): each listed beat's plays in the last
 * 30 days, kept in listed_beats.recent_plays by an hourly job rather than on every play, so listening never changes
 * the catalog's version and its cached responses (docs/decisions/0021-catalog-filters.md). Only beats whose number
 * changed are written; a run that changes nothing leaves the catalog's version as it was.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { listedBeats, plays } from '../../db/schema.js';

export const POPULARITY_WINDOW_DAYS = 30;
export const POPULARITY_QUEUE = 'catalog.popularity';
export const POPULARITY_INTERVAL_MS = 60 * 60_000;

/** Recounts every listed beat's plays of the last 30 days; returns how many beats changed. */
export async function refreshPopularity(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const since = new Date(deps.clock.now().getTime() - POPULARITY_WINDOW_DAYS * 86_400_000);
  const changed = await deps.db.execute(sql`
    update ${listedBeats} set recent_plays = fresh.n
    from (
      select l.beat_id, coalesce(c.n, 0) as n
      from ${listedBeats} l
      left join (
        select ${plays.beatId} as beat_id, count(*)::int as n from ${plays} where ${plays.createdAt} >= ${since.toISOString()}::timestamptz group by ${plays.beatId}
      ) c on c.beat_id = l.beat_id
      where l.recent_plays <> coalesce(c.n, 0)
    ) fresh
    where ${listedBeats.beatId} = fresh.beat_id
    returning ${listedBeats.beatId}
  `);
  // The rewritten rows leave their pages not all-visible, and a sort index's Index Only Scan would visit the table
  // for them again: vacuum sets the visibility map back (the embedded database has no autovacuum to do it), and
  // analyze keeps the statistics of recent_plays current (docs/decisions/0022-catalog-discovery-speed.md).
  if (changed.rows.length > 0) await deps.db.execute(sql`VACUUM (ANALYZE) ${listedBeats}`);
  return changed.rows.length;
}
