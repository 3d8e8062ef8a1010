/**
 * Facet counts of the catalog (docs/product/catalog-and-search.md#facets): per genre, mood, key and BPM band, the
 * listed beats the filters leave, each facet ignoring its own filter, so a chosen genre still shows what the
 * other genres hold. Counted in one pass over a snapshot of the listed beats' facet columns, taken once per
 * catalog version; a search counts in one query over listed_beats (docs/decisions/0022-catalog-discovery-speed.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import { beatTypes, categories, moods, musicalKeys, type BeatFacets } from '@beat/shared';
import type { Db } from '../../db/client.js';
import { readCatalogVersion } from '../../db/catalog-version.js';
import type { Deps } from '../../deps.js';
import { listedBeats } from '../../db/schema.js';
import { allOf, filterConditions, moodMask, searchPattern, type CatalogFilters, type FacetName } from './catalog-filters.js';

/** BPM bands: below 60, ten wide from 60 to 199, then 200 and above. */
export const BPM_BANDS: { min: number | null; max: number | null }[] = [
  { min: null, max: 59 },
  ...Array.from({ length: 14 }, (_, i) => ({ min: 60 + i * 10, max: 69 + i * 10 })),
  { min: 200, max: null },
];

/** The band of a BPM, as its index in BPM_BANDS. */
export function bpmBand(bpm: number): number {
  return Math.min(Math.max(Math.floor(bpm / 10), 5), 20) - 5;
}
const bandSql = sql`least(greatest(${listedBeats.bpm} / 10, 5), 20) - 5`;

const facetNames: FacetName[] = ['genre', 'mood', 'key', 'bpm'];

/** Which grouping set a row of the facet query belongs to, by `grouping(genre, key, band, mood_bits)`. */
const BY_GENRE_KEY_BAND = 1;
const BY_MOODS = 14;

interface FacetRow {
  set: number;
  genre: string | null;
  key: string | null;
  band: number | null;
  mood_bits: number | null;
  f_genre: boolean | null;
  f_mood: boolean | null;
  f_key: boolean | null;
  f_bpm: boolean | null;
  n: number;
}


// ── The snapshot: every listed beat's facet columns, as numbers, at one catalog version ──────────────

/** Column by column, one entry per listed beat; a genre or key is its place in the shared list plus one, 0 for none. */
export interface FacetColumns {
  version: number;
  size: number;
  type: Uint8Array;
  genre: Uint8Array;
  key: Uint8Array;
  moodBits: Uint16Array;
  bpm: Uint16Array;
  /** In cents; -1 for a beat without a price. */
  price: Int32Array;
  stems: Uint8Array;
}

const listLiteral = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`);

/** Postgres arrays arrive parsed from a server and may arrive as text ('{1,2}') from another driver. */
function numbers(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'string') return value.length <= 2 ? [] : value.slice(1, -1).split(',').map(Number);
  return [];
}

/** The listed beats' facet columns and the catalog version they belong to, read in one snapshot of the database. */
async function readFacetColumns(db: Db): Promise<FacetColumns> {
  return db.transaction(
    async (tx) => {
      const version = await readCatalogVersion(tx as unknown as Db);
      const result = await tx.execute(sql`
        select
          array_agg(coalesce(array_position(${listLiteral(beatTypes)}, ${listedBeats.beatType}), 0)) as type,
          array_agg(coalesce(array_position(${listLiteral(categories)}, ${listedBeats.category}), 0)) as genre,
          array_agg(coalesce(array_position(${listLiteral(musicalKeys)}, ${listedBeats.musicalKey}), 0)) as key,
          array_agg(${listedBeats.moodBits}) as mood_bits,
          array_agg(${listedBeats.bpm}) as bpm,
          array_agg(coalesce(${listedBeats.priceCents}, -1)) as price,
          array_agg(${listedBeats.hasStems}::int) as stems
        from ${listedBeats}`);
      const row = result.rows[0] as Record<string, unknown>;
      const bpm = numbers(row.bpm);
      return {
        version,
        size: bpm.length,
        type: Uint8Array.from(numbers(row.type)),
        genre: Uint8Array.from(numbers(row.genre)),
        key: Uint8Array.from(numbers(row.key)),
        moodBits: Uint16Array.from(numbers(row.mood_bits)),
        bpm: Uint16Array.from(bpm),
        price: Int32Array.from(numbers(row.price)),
        stems: Uint8Array.from(numbers(row.stems)),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Per database: the newest snapshot taken, and the one being taken. About 12 bytes a listed beat. */
const snapshots = new WeakMap<object, { held: FacetColumns | null; taking: Promise<FacetColumns> | null }>();

/**
 * The snapshot at `version` or newer (a snapshot never shows less than the version it is asked for: it is taken
 * in the same database snapshot as the version it records). Concurrent callers share one read.
 */
export async function facetColumns(db: Db, version: number): Promise<FacetColumns> {
  let entry = snapshots.get(db);
  if (!entry) snapshots.set(db, (entry = { held: null, taking: null }));
  if (entry.held && entry.held.version >= version) return entry.held;
  const taking = entry.taking;
  if (taking) {
    const taken = await taking;
    if (taken.version >= version) return taken;
  }
  const slot = entry;
  const next = readFacetColumns(db).then(
    (columns) => {
      if (!slot.held || columns.version >= slot.held.version) slot.held = columns;
      return columns;
    },
  );
  slot.taking = next;
  try {
    return await next;
  } finally {
    if (slot.taking === next) slot.taking = null;
  }
}

/** The facets of `filters` (without a search) counted over the snapshot: the same counts as facetsBySql. */
export function countFacets(columns: FacetColumns, filters: CatalogFilters): BeatFacets {
  const type = filters.type ? beatTypes.indexOf(filters.type) + 1 : 0;
  const cents = filters.priceMax === undefined ? null : Math.round(filters.priceMax * 100);
  const stems = Boolean(filters.hasStems);
  // Each facet's own filter as a table of the codes it lets through, or null when it is not filtered (a value
  // outside the list lets nothing through, as in SQL; code 0, no genre or key, never passes a filter).
  const passes = (list: readonly string[], values: readonly string[] | undefined) => {
    if (!values?.length) return null;
    const table = new Uint8Array(list.length + 1);
    for (const value of values) if (list.includes(value)) table[list.indexOf(value) + 1] = 1;
    return table;
  };
  const genrePasses = passes(categories, filters.genre);
  const keyPasses = passes(musicalKeys, filters.key);
  const moodSet = filters.mood?.length ? moodMask(filters.mood) : 0;
  const bpmMin = filters.bpmMin ?? -Infinity;
  const bpmMax = filters.bpmMax ?? Infinity;
  const genreCounts = new Array<number>(categories.length + 1).fill(0);
  const keyCounts = new Array<number>(musicalKeys.length + 1).fill(0);
  const moodCounts = new Array<number>(moods.length).fill(0);
  const bandCounts = new Array<number>(BPM_BANDS.length).fill(0);
  const { genre, key, moodBits, bpm, price } = columns;
  for (let i = 0; i < columns.size; i++) {
    if (type && columns.type[i] !== type) continue;
    if (cents !== null && (price[i]! < 0 || price[i]! > cents)) continue;
    if (stems && columns.stems[i] === 0) continue;
    const g = genre[i]!;
    const k = key[i]!;
    const m = moodBits[i]!;
    const b = bpm[i]!;
    const genreHolds = genrePasses === null || genrePasses[g] === 1;
    const keyHolds = keyPasses === null || keyPasses[k] === 1;
    const moodHolds = moodSet === 0 || (m & moodSet) !== 0;
    const bpmHolds = b >= bpmMin && b <= bpmMax;
    if (keyHolds && moodHolds && bpmHolds && g !== 0) genreCounts[g]! += 1;
    if (genreHolds && moodHolds && bpmHolds && k !== 0) keyCounts[k]! += 1;
    if (genreHolds && keyHolds && moodHolds) bandCounts[bpmBand(b)]! += 1;
    if (genreHolds && keyHolds && bpmHolds && m !== 0) {
      for (let bit = 0; bit < moods.length; bit++) if (m & (1 << bit)) moodCounts[bit]! += 1;
    }
  }
  return {
    genres: categories.map((value, i) => ({ value, count: genreCounts[i + 1]! })),
    moods: moods.map((value, i) => ({ value, count: moodCounts[i]! })),
    keys: musicalKeys.map((value, i) => ({ value, count: keyCounts[i + 1]! })),
    bpm: BPM_BANDS.map((band, i) => ({ ...band, count: bandCounts[i]! })),
  };
}

/** The share of the listed beats that `filters` (a search aside) leave, from the snapshot: 0 to 1. */
export function shareLeft(columns: FacetColumns, filters: CatalogFilters): number {
  if (columns.size === 0) return 0;
  const type = filters.type ? beatTypes.indexOf(filters.type) + 1 : 0;
  const cents = filters.priceMax === undefined ? null : Math.round(filters.priceMax * 100);
  const genres = new Set((filters.genre ?? []).map((g) => categories.indexOf(g as (typeof categories)[number]) + 1));
  const keys = new Set((filters.key ?? []).map((k) => musicalKeys.indexOf(k) + 1));
  const moodSet = filters.mood?.length ? moodMask(filters.mood) : 0;
  const min = filters.bpmMin ?? -Infinity;
  const max = filters.bpmMax ?? Infinity;
  let left = 0;
  for (let i = 0; i < columns.size; i++) {
    if (type && columns.type[i] !== type) continue;
    if (cents !== null && (columns.price[i]! < 0 || columns.price[i]! > cents)) continue;
    if (filters.hasStems && columns.stems[i] === 0) continue;
    if (genres.size && (columns.genre[i] === 0 || !genres.has(columns.genre[i]!))) continue;
    if (keys.size && (columns.key[i] === 0 || !keys.has(columns.key[i]!))) continue;
    if (moodSet && (columns.moodBits[i]! & moodSet) === 0) continue;
    if (columns.bpm[i]! < min || columns.bpm[i]! > max) continue;
    left += 1;
  }
  return left / columns.size;
}

/**
 * The facets of `filters`. `version`: the catalog version the caller responds under (the catalog cache knows it);
 * without it the database is asked.
 */
export async function catalogFacets(deps: Pick<Deps, 'db'>, filters: CatalogFilters, version?: number): Promise<BeatFacets> {
  if (filters.q && searchPattern(filters.q)) return facetsBySql(deps, filters);
  const at = version ?? (await readCatalogVersion(deps.db));
  return countFacets(await facetColumns(deps.db, at), filters);
}

/**
 * The facets by one query over listed_beats: what a search asks (its trigram index narrows the rows first), and the
 * reference the snapshot's counts are tested against (facets.service.test.ts).
 */
export async function facetsBySql(deps: Pick<Deps, 'db'>, filters: CatalogFilters): Promise<BeatFacets> {
  // What every facet obeys (type, search, price, stems); each facet's own filter becomes a flag.
  const common = allOf(filterConditions({ type: filters.type, q: filters.q, priceMax: filters.priceMax, hasStems: filters.hasStems }));
  const own: Record<FacetName, SQL> = {
    genre: allOf(filterConditions({ genre: filters.genre })),
    mood: allOf(filterConditions({ mood: filters.mood })),
    key: allOf(filterConditions({ key: filters.key })),
    bpm: allOf(filterConditions({ bpmMin: filters.bpmMin, bpmMax: filters.bpmMax })),
  };
  const active = facetNames.filter((name) => hasFilter(filters, name));
  // A beat counts for a facet when every other facet's filter holds, so a beat failing two filters counts nowhere.
  const othersHold = (facet: FacetName) => allOf(active.filter((name) => name !== facet).map((name) => own[name]));
  const anyFacet = active.length <= 1 ? sql`true` : sql.join(active.map((facet) => sql`(${othersHold(facet)})`), sql` or `);

  // One pass, two groupings: beats per genre, key and band (a few thousand groups at most), and per set of moods;
  // each with the filters' flags, so every facet can add up the groups where the other facets' filters hold.
  const result = await deps.db.execute(sql`
    select grouping(genre, key, band, mood_bits) as set, genre, key, band, mood_bits, f_genre, f_mood, f_key, f_bpm, count(*)::int as n
    from (
      select ${listedBeats.category} as genre, ${listedBeats.musicalKey} as key, ${bandSql} as band, ${listedBeats.moodBits} as mood_bits,
        coalesce(${own.genre}, false) as f_genre, coalesce(${own.mood}, false) as f_mood,
        coalesce(${own.key}, false) as f_key, coalesce(${own.bpm}, false) as f_bpm
      from ${listedBeats}
      where ${common} and (${anyFacet})
    ) m
    group by grouping sets ((genre, key, band, f_genre, f_key, f_mood, f_bpm), (mood_bits, f_genre, f_key, f_bpm))
  `);
  const counts: Record<FacetName, Map<string, number>> = { genre: new Map(), mood: new Map(), key: new Map(), bpm: new Map() };
  const add = (facet: FacetName, value: string, n: number) => counts[facet].set(value, (counts[facet].get(value) ?? 0) + n);
  for (const row of result.rows as unknown as FacetRow[]) {
    const n = Number(row.n);
    const holds = (facet: FacetName) => facetNames.every((name) => name === facet || row[`f_${name}`] !== false);
    if (Number(row.set) === BY_GENRE_KEY_BAND) {
      if (row.genre !== null && holds('genre')) add('genre', row.genre, n);
      if (row.key !== null && holds('key')) add('key', row.key, n);
      if (row.band !== null && holds('bpm')) add('bpm', String(row.band), n);
    } else if (Number(row.set) === BY_MOODS && row.mood_bits !== null && holds('mood')) {
      for (const mood of moods) if (Number(row.mood_bits) & moodMask([mood])) add('mood', mood, n);
    }
  }
  const list = (facet: FacetName, values: readonly string[]) => values.map((value) => ({ value, count: counts[facet].get(value) ?? 0 }));
  return {
    genres: list('genre', categories),
    moods: list('mood', moods),
    keys: list('key', musicalKeys),
    bpm: BPM_BANDS.map((band, i) => ({ ...band, count: counts.bpm.get(String(i)) ?? 0 })),
  };
}

function hasFilter(filters: CatalogFilters, facet: FacetName): boolean {
  switch (facet) {
    case 'genre':
      return Boolean(filters.genre?.length);
    case 'mood':
      return Boolean(filters.mood?.length);
    case 'key':
      return Boolean(filters.key?.length);
    case 'bpm':
      return filters.bpmMin !== undefined || filters.bpmMax !== undefined;
  }
}
