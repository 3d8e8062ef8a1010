/**
 * How many beats an admin search matches, kept per catalog version
 * (docs/decisions/0015-query-plans.md#counts-by-catalog-version): counting a common word reads every matching row
 * (2,000 heap pages for "midnight" at 100,000 beats), and the admin's Next and Previous ask the same count again. Every write to `beats` that can change
 * a search's matches (its title, search text, type or deletion) bumps the catalog version in the writer's own
 * transaction (drizzle/0004_catalog_version.sql), so a count kept under a version is exact for as long as the
 * version stands.
 */
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { beats, catalogVersion } from '../../db/schema.js';

/** Searches kept per database: the admin's recent ones. */
const KEPT_SEARCHES = 200;

interface Kept {
  version: number;
  counts: Map<string, number>;
}

/** One entry per database (each test app has its own), so two databases at the same version never share counts. */
const kept = new WeakMap<Db, Kept>();

/**
 * The number of beats matching `where`, named by `key` (the same key must always mean the same condition). A count
 * already made at the current version costs one read of the version; otherwise the version and the count are read
 * in one statement, so the count is stored under the version it was made at.
 */
export async function countBeatMatches(db: Db, key: string, where: SQL): Promise<number> {
  const [current] = await db.select({ version: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, 1));
  const entry = kept.get(db);
  const hit = current && entry?.version === current.version ? entry.counts.get(key) : undefined;
  if (hit !== undefined) return hit;
  const [row] = await db
    .select({ version: sql<string>`(select ${catalogVersion.version} from ${catalogVersion} where ${catalogVersion.id} = 1)`, n: count() })
    .from(beats)
    .where(where);
  const n = row?.n ?? 0;
  const version = Number(row?.version);
  let at = kept.get(db);
  if (!at || at.version < version) {
    at = { version, counts: new Map() };
    kept.set(db, at);
  }
  if (at.version === version) {
    if (at.counts.size >= KEPT_SEARCHES) at.counts.delete(at.counts.keys().next().value!);
    at.counts.set(key, n);
  }
  return n;
}
