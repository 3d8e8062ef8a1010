/**
 * The catalog's filters and sorts as SQL over listed_beats (docs/product/catalog-and-search.md#filters): each filter
 * one condition its indexes can serve, each sort a key with the beat's id as tie-breaker, and the cursor that
 * carries both between pages (docs/decisions/0021-catalog-filters.md).
 */
import { and, asc, desc, eq, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import { moods, type BeatFilters, type BeatSort, type Mood } from '@beat/shared';
import { listedBeats } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like-pattern.js';

/** The filters as the query schema gives them (`beatFilterQuery`), all optional. */
export type CatalogFilters = Partial<BeatFilters>;

/** The search box's text as a LIKE pattern over the lower-cased search column (wildcards taken literally). */
export function searchPattern(q: string): string | null {
  return containsPattern(q.replace(/[\r\n]+/g, ' ').toLowerCase());
}

/** A beat without a price sorts after every priced beat, whichever way prices are sorted. */
const NO_PRICE_LAST_ASC = 2147483647;
const NO_PRICE_LAST_DESC = -1;

type KeyKind = 'time' | 'int';

export interface CatalogSort {
  name: BeatSort;
  kind: KeyKind;
  /** The key as SQL: the expression its partial index is built on. */
  key: SQL;
  descending: boolean;
  orderBy: SQL[];
  /**
   * The same order written so that no index can give it: a search's matches come from the trigram index and are
   * sorted, instead of a sort index being walked past every beat the search leaves out.
   */
  orderOfMatches: SQL[];
  keyOf(row: SortedRow): string;
  /** Beats after the cursor's, in this order; `byMatches` writes it, like orderOfMatches, so that no index serves it. */
  after(cursor: { key: string; id: string }, byMatches?: boolean): SQL;
}

/** What a page's last beat gives its cursor. */
export type SortedRow = { id: string; releaseDate: Date; priceCents: number | null; bpm: number; recentPlays: number };

function catalogSort(name: BeatSort, kind: KeyKind, key: SQL, descending: boolean, keyOf: (row: SortedRow) => string): CatalogSort {
  const dir = descending ? desc : asc;
  const unindexed = kind === 'time' ? sql`${key} + interval '0 seconds'` : sql`${key} + 0`;
  return {
    name,
    kind,
    key,
    descending,
    orderBy: [dir(key), dir(listedBeats.beatId)],
    orderOfMatches: [dir(unindexed), dir(listedBeats.beatId)],
    keyOf,
    after: (cursor, byMatches = false) => {
      const value = kind === 'time' ? sql`${cursor.key}::timestamptz` : sql`${Number(cursor.key)}::int`;
      const k = byMatches ? unindexed : key;
      return descending
        ? sql`(${k}, ${listedBeats.beatId}) < (${value}, ${cursor.id}::uuid)`
        : sql`(${k}, ${listedBeats.beatId}) > (${value}, ${cursor.id}::uuid)`;
    },
  };
}

const priceAscKey = sql`coalesce(${listedBeats.priceCents}, ${sql.raw(String(NO_PRICE_LAST_ASC))})`;
const priceDescKey = sql`coalesce(${listedBeats.priceCents}, ${sql.raw(String(NO_PRICE_LAST_DESC))})`;

/** Each sort walks one index of listed_beats: _newest_idx, _popular_idx, _price_asc_idx, _price_desc_idx, _bpm_idx (backwards for a descending order). */
export const catalogSorts: Record<BeatSort, CatalogSort> = {
  newest: catalogSort('newest', 'time', sql`${listedBeats.releaseDate}`, true, (row) => row.releaseDate.toISOString()),
  popular: catalogSort('popular', 'int', sql`${listedBeats.recentPlays}`, true, (row) => String(row.recentPlays)),
  priceAsc: catalogSort('priceAsc', 'int', priceAscKey, false, (row) => String(row.priceCents ?? NO_PRICE_LAST_ASC)),
  priceDesc: catalogSort('priceDesc', 'int', priceDescKey, true, (row) => String(row.priceCents ?? NO_PRICE_LAST_DESC)),
  bpmAsc: catalogSort('bpmAsc', 'int', sql`${listedBeats.bpm}`, false, (row) => String(row.bpm)),
  bpmDesc: catalogSort('bpmDesc', 'int', sql`${listedBeats.bpm}`, true, (row) => String(row.bpm)),
};

export function encodeCursor(sort: CatalogSort, row: SortedRow): string {
  return Buffer.from(`${sort.name}|${sort.keyOf(row)}|${row.id}`).toString('base64url');
}

const invalidCursor = () => badRequest('cursor is not valid: use the nextCursor of the previous page.');

export function decodeCursor(cursor: string, sort: CatalogSort): { key: string; id: string } {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  // A cursor from before sorts existed holds the newest order's key and id only.
  const [name, key, id] = parts.length === 2 ? ['newest', ...parts] : parts;
  if (parts.length < 2 || parts.length > 3 || !key || !id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw invalidCursor();
  }
  if (name !== sort.name) {
    throw badRequest('cursor belongs to another sort: start from the first page when the sort changes.');
  }
  const valid = sort.kind === 'time' ? !Number.isNaN(new Date(key).getTime()) && /^\d{4}-/.test(key) : /^-?\d{1,10}$/.test(key);
  if (!valid) throw invalidCursor();
  return { key, id };
}

/** The moods as listed_beats.mood_bits holds them: bit i for moods[i]. */
export function moodMask(list: readonly Mood[]): number {
  return list.reduce((mask, mood) => mask | (1 << moods.indexOf(mood)), 0);
}

/** Which filters a facet ignores: its own (docs/product/catalog-and-search.md#facets). */
export type FacetName = 'genre' | 'mood' | 'key' | 'bpm';

/**
 * The filters as conditions, ANDed by the caller. `sort` lets the price limit be written on the price sort's own
 * key, so that sort's index serves it as a range; `without` leaves one facet's own filter out.
 */
export function filterConditions(filters: CatalogFilters, sort?: CatalogSort, without?: FacetName): SQL[] {
  const conditions: SQL[] = [];
  if (filters.type) conditions.push(eq(listedBeats.beatType, filters.type));
  const pattern = filters.q ? searchPattern(filters.q) : null;
  if (pattern) conditions.push(like(listedBeats.searchText, pattern));
  if (filters.genre?.length && without !== 'genre') conditions.push(inArray(listedBeats.category, filters.genre));
  if (filters.key?.length && without !== 'key') conditions.push(inArray(listedBeats.musicalKey, filters.key));
  if (filters.mood?.length && without !== 'mood') {
    conditions.push(sql`(${listedBeats.moodBits} & ${moodMask(filters.mood)}) <> 0`);
  }
  if (without !== 'bpm') {
    if (filters.bpmMin !== undefined) conditions.push(gte(listedBeats.bpm, filters.bpmMin));
    if (filters.bpmMax !== undefined) conditions.push(lte(listedBeats.bpm, filters.bpmMax));
  }
  if (filters.priceMax !== undefined) {
    const cents = Math.round(filters.priceMax * 100);
    if (sort?.name === 'priceAsc') conditions.push(sql`${priceAscKey} <= ${cents}`);
    else if (sort?.name === 'priceDesc') conditions.push(sql`${priceDescKey} between 0 and ${cents}`);
    else conditions.push(lte(listedBeats.priceCents, cents));
  }
  if (filters.hasStems) conditions.push(eq(listedBeats.hasStems, true));
  return conditions;
}

/** All of `conditions`, or true. */
export function allOf(conditions: SQL[]): SQL {
  return and(...conditions) ?? sql`true`;
}

/**
 * The filters in one canonical form, for cache keys: the same filters written in any order (or with a search
 * text that gives the same pattern) make one key.
 */
export function filtersKey(filters: CatalogFilters): unknown[] {
  const sorted = (values: readonly string[] | undefined) => (values?.length ? [...values].sort() : null);
  return [
    filters.type ?? null,
    filters.q ? searchPattern(filters.q) : null,
    sorted(filters.genre),
    sorted(filters.mood),
    sorted(filters.key),
    filters.bpmMin ?? null,
    filters.bpmMax ?? null,
    filters.priceMax === undefined ? null : Math.round(filters.priceMax * 100),
    filters.hasStems ? true : null,
  ];
}
