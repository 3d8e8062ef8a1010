/**
 * The catalog's filters, sorts and facets timed at 100,000 beats (issue 13's budgets, docs/decisions/0021-catalog-filters.md):
 * a page of /api/beats for random filter combinations under every sort (first pages and pages reached by cursor)
 * must answer in p50 ≤ 10 ms and p99 ≤ 40 ms, the facets in p50 ≤ 30 ms. Each run is the query itself, through its
 * service function and without the catalog cache, at one connection; the facets count over the listed beats'
 * snapshot as the server does (docs/decisions/0022-catalog-discovery-speed.md), the first run taking it. The slowest
 * runs are printed with their filters (BENCH_SLOWEST, 5 by default).
 *
 * Alone: `npx tsx scripts/bench-discovery.ts` on a scratch embedded database; `BENCH_DATA_DIR=…` keeps it for the next
 * run, `BENCH_DATABASE_URL=postgres://…/db` uses that (empty or already seeded) PostgreSQL database instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, sql } from 'drizzle-orm';
import { beatSorts, categories, moods, musicalKeys, type BeatSort } from '@beat/shared';
import { openDatabase, type Database } from '../src/db/client.js';
import { beats, plays } from '../src/db/schema.js';
import type { Deps } from '../src/deps.js';
import { createRandom, type Random } from '../src/seed/catalog-data.js';
import { listBeatPage } from '../src/modules/beats/beats.service.js';
import type { CatalogFilters } from '../src/modules/beats/catalog-filters.js';
import { catalogFacets } from '../src/modules/beats/facets.service.js';
import { refreshPopularity } from '../src/modules/beats/popularity.service.js';
import { benchDeps, seedBenchCatalog } from './bench-catalog.js';
import type { Goal } from './bench-goal.js';

export const PAGE_P50_MS = 10;
export const PAGE_P99_MS = 40;
export const FACETS_P50_MS = 30;
const COMBINATIONS = Number(process.env.BENCH_FILTER_COMBINATIONS ?? 400);
const searchWords = ['midnight', 'drip', 'lofi', 'neon', 'golden', 'phonk', 'trap', 'nova'];

function some<T>(random: Random, values: readonly T[], max: number): T[] {
  const picked = new Set<T>();
  const n = random.int(1, max);
  while (picked.size < n) picked.add(random.pick(values));
  return [...picked];
}

/** A filter combination as a visitor might make one: each filter present or not, one to a few values each. */
export function randomFilters(random: Random): CatalogFilters {
  const filters: CatalogFilters = {};
  if (random.chance(0.35)) filters.genre = some(random, categories, 2);
  if (random.chance(0.35)) filters.mood = some(random, moods, 3);
  if (random.chance(0.3)) filters.key = some(random, musicalKeys, 3);
  if (random.chance(0.35)) {
    const low = random.int(6, 18) * 10;
    filters.bpmMin = low;
    if (random.chance(0.7)) filters.bpmMax = low + random.int(1, 4) * 10;
  }
  if (random.chance(0.25)) filters.priceMax = random.pick([20, 25, 30, 35, 40, 500]);
  if (random.chance(0.25)) filters.hasStems = 'true';
  if (random.chance(0.15)) filters.type = random.pick(['Exclusive', 'Non-Exclusive'] as const);
  if (random.chance(0.1)) filters.q = random.pick(searchWords);
  return filters;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export interface DiscoveryTimings {
  pages: number[];
  facets: number[];
  /** The slowest runs with what they asked, slowest first (where the tail comes from). */
  slowestPages: Array<{ ms: number; what: string }>;
  slowestFacets: Array<{ ms: number; what: string }>;
}

const SLOWEST_SHOWN = Number(process.env.BENCH_SLOWEST ?? 5);

/** The `n` slowest of `runs`, slowest first. */
function slowest(runs: Array<{ ms: number; what: string }>, n = SLOWEST_SHOWN): Array<{ ms: number; what: string }> {
  return [...runs].sort((a, b) => b.ms - a.ms).slice(0, n);
}

/** Times random filter combinations under every sort, and their facets, on a database already at scale. */
export async function timeDiscovery(deps: Deps, combinations = COMBINATIONS): Promise<DiscoveryTimings> {
  const random = createRandom(13);
  const cases = Array.from({ length: combinations }, (_, i) => ({ filters: randomFilters(random), sort: beatSorts[i % beatSorts.length] as BeatSort }));
  // One warm-up pass, so every run below finds the tables and indexes in memory as a running store does.
  for (const c of cases.slice(0, 30)) await listBeatPage(deps, { ...c.filters, sort: c.sort, limit: 50 });
  const pageRuns: Array<{ ms: number; what: string }> = [];
  const facetRuns: Array<{ ms: number; what: string }> = [];
  for (const c of cases) {
    const input = { ...c.filters, sort: c.sort, limit: 50 };
    let nextCursor: string | null = null;
    const first = await timed(async () => ({ nextCursor } = await listBeatPage(deps, input)));
    pageRuns.push({ ms: first, what: JSON.stringify(input) });
    if (nextCursor) {
      const cursor: string = nextCursor;
      const second = await timed(() => listBeatPage(deps, { ...input, cursor }));
      pageRuns.push({ ms: second, what: `${JSON.stringify(input)} page 2` });
    }
    const facet = await timed(() => catalogFacets(deps, c.filters));
    facetRuns.push({ ms: facet, what: JSON.stringify(c.filters) });
  }
  const pages = pageRuns.map((run) => run.ms).sort((a, b) => a - b);
  const facets = facetRuns.map((run) => run.ms).sort((a, b) => a - b);
  return { pages, facets, slowestPages: slowest(pageRuns), slowestFacets: slowest(facetRuns) };
}

/** Plays of the last 30 days for a share of the beats (what "popular" sorts by), then the hourly refresh. */
export async function seedRecentPlays(database: Database, deps: Deps): Promise<void> {
  const [recent] = await database.db.select({ n: count() }).from(plays).where(sql`${plays.createdAt} > now() - interval '30 days'`);
  if ((recent?.n ?? 0) < 10_000) {
    await database.db.execute(sql`
      insert into plays (beat_id, seconds, created_at)
      select id, 30, now() - (random() * 29) * interval '1 day'
      from (select id, row_number() over (order by id) as n from beats) b, generate_series(1, 4) g
      where b.n % 3 = 0 and (b.n + g) % 2 = 0`);
  }
  const started = performance.now();
  const changed = await refreshPopularity(deps);
  console.log(`Popularity refresh: ${changed.toLocaleString('en-US')} beats changed in ${(performance.now() - started).toFixed(0)} ms`);
  const again = performance.now();
  await refreshPopularity(deps);
  console.log(`Popularity refresh with nothing changed: ${(performance.now() - again).toFixed(0)} ms`);
  // The embedded database has no autovacuum: statistics and the visibility map are made as a server's would be.
  await database.db.execute(sql`VACUUM ANALYZE beats`);
  await database.db.execute(sql`VACUUM ANALYZE listed_beats`);
}

function summarise(label: string, t: DiscoveryTimings) {
  const pageP50 = percentile(t.pages, 0.5);
  const pageP99 = percentile(t.pages, 0.99);
  const facetsP50 = percentile(t.facets, 0.5);
  const facetsP99 = percentile(t.facets, 0.99);
  console.log(`\nFilters and sorts (${label}): ${t.pages.length} pages, ${t.facets.length} facet counts`);
  console.log(`(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)\n`);
  console.log('| query | p50 ms | p95 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| page of 50, any filters and sort | ${pageP50.toFixed(2)} | ${percentile(t.pages, 0.95).toFixed(2)} | ${pageP99.toFixed(2)} | ${t.pages.at(-1)!.toFixed(2)} |`);
  console.log(`| facets, any filters | ${facetsP50.toFixed(2)} | ${percentile(t.facets, 0.95).toFixed(2)} | ${facetsP99.toFixed(2)} | ${t.facets.at(-1)!.toFixed(2)} |`);
  console.log('\nslowest pages:');
  for (const run of t.slowestPages) console.log(`  ${run.ms.toFixed(1)} ms ${run.what}`);
  console.log('slowest facets:');
  for (const run of t.slowestFacets) console.log(`  ${run.ms.toFixed(1)} ms ${run.what}`);
  return { pageP50, pageP99, facetsP50 };
}

/** bench.ts's goal 13, given its seeded database (100,000 beats). */
export async function discoveryGoals(database: Database, label: string): Promise<Goal[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-bench-discovery-'));
  try {
    const deps = benchDeps(database, dataDir);
    await seedRecentPlays(database, deps);
    const s = summarise(label, await timeDiscovery(deps));
    return [
      { goal: '13', what: `catalog page, random filters and sort, p50 (${label})`, value: `${s.pageP50.toFixed(2)} ms`, target: `≤ ${PAGE_P50_MS} ms`, pass: s.pageP50 <= PAGE_P50_MS },
      { goal: '13', what: `catalog page, random filters and sort, p99 (${label})`, value: `${s.pageP99.toFixed(2)} ms`, target: `≤ ${PAGE_P99_MS} ms`, pass: s.pageP99 <= PAGE_P99_MS },
      { goal: '13', what: `facets, random filters, p50 (${label})`, value: `${s.facetsP50.toFixed(2)} ms`, target: `≤ ${FACETS_P50_MS} ms`, pass: s.facetsP50 <= FACETS_P50_MS },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const beatCount = Number(process.env.BENCH_BEATS ?? 100_000);
  const keptDir = process.env.BENCH_DATA_DIR;
  const dataDir = keptDir ?? mkdtempSync(path.join(os.tmpdir(), 'beat-bench-discovery-'));
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { url } : { pgliteDir: path.join(dataDir, 'db') });
  const label = database.kind === 'pglite' ? 'embedded' : 'postgres';
  try {
    await database.migrate();
    const [seeded] = await database.db.select({ n: count() }).from(beats);
    if ((seeded?.n ?? 0) === 0) {
      const deps = benchDeps(database, dataDir);
      await seedBenchCatalog(deps, database, beatCount);
    }
    const goals = await discoveryGoals(database, label);
    for (const g of goals) console.log(`  goal ${g.goal}: ${g.what}: ${g.value} (target ${g.target}) ${g.pass ? 'PASS' : 'FAIL'}`);
    if (goals.some((g) => !g.pass)) process.exitCode = 1;
  } finally {
    await database.close();
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
