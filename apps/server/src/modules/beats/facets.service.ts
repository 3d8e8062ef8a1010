/**
 * Facet counts of the catalog (docs/product/catalog-and-search.md#facets): per genre, mood, key and BPM band, the
 * listed beats the filters leave, each facet ignoring its own filter, so a chosen genre still shows what the
 * other genres hold. One pass over listed_beats (docs/decisions/0021-catalog-filters.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import { categories, moods, musicalKeys, type BeatFacets } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { listedBeats } from '../../db/schema.js';
import { allOf, filterConditions, moodMask, type CatalogFilters, type FacetName } from './catalog-filters.js';

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

export async function catalogFacets(deps: Deps, filters: CatalogFilters): Promise<BeatFacets> {
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
