/**
 * The catalog's filters and sort as they live in the address (docs/product/screens-and-words.md#filter-bar):
 * `/?genre=hip-hop&key=f-minor&bpmMin=130&sort=popular`. Reading the address never fails: a value it does not know is
 * left out. Plain constants only (no zod), so the catalog's first load stays light.
 */
import { beatSorts, categories, moods, musicalKeys, type BeatSort, type Category, type Mood, type MusicalKey } from '@beat/shared/discovery';
import { formatPrice, groupDigits } from '../../../lib/format';

export interface CatalogFilters {
  genres: Category[];
  moods: Mood[];
  keys: MusicalKey[];
  /** Absent: no lower bound (the slider's left end). */
  bpmMin?: number;
  /** Absent: no upper bound (the slider's right end, "200+"). */
  bpmMax?: number;
  /** Dollars. */
  priceMax?: number;
  hasStems: boolean;
  sort: BeatSort;
}

/** The BPM slider's ends; the facets count BPM in bands of 10 from 60 to 200+. */
export const BPM_FLOOR = 60;
export const BPM_CEILING = 200;
export const BPM_BAND = 10;

export const emptyFilters: CatalogFilters = { genres: [], moods: [], keys: [], hasStems: false, sort: 'newest' };

export const sortLabels: Record<BeatSort, string> = {
  newest: 'Newest',
  popular: 'Most popular',
  priceAsc: 'Price: low to high',
  priceDesc: 'Price: high to low',
  bpmAsc: 'BPM: slow to fast',
  bpmDesc: 'BPM: fast to slow',
};

export function moodLabel(mood: Mood): string {
  return mood.charAt(0).toUpperCase() + mood.slice(1);
}

/** "Hip Hop" ↔ `hip-hop`, "A# minor" ↔ `a-sharp-minor`: address values that need no escaping. */
function slug(value: string): string {
  return value.toLowerCase().replace(/#/g, '-sharp').replace(/\s+/g, '-');
}
const genreBySlug = new Map<string, Category>(categories.map((c) => [slug(c), c]));
const keyBySlug = new Map<string, MusicalKey>(musicalKeys.map((k) => [slug(k), k]));
const moodSet = new Set<string>(moods);
const sortSet = new Set<string>(beatSorts);

function distinct<T>(values: (T | undefined)[]): T[] {
  return [...new Set(values.filter((v): v is T => v !== undefined))];
}

function wholeNumber(value: string | null): number | undefined {
  if (value === null || !/^\d{1,6}$/.test(value)) return undefined;
  return Number(value);
}

function bpmBound(value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  return Math.min(BPM_CEILING, Math.max(BPM_FLOOR, value));
}

/** The filters named in the address. */
export function readFilters(params: URLSearchParams): CatalogFilters {
  let bpmMin = bpmBound(wholeNumber(params.get('bpmMin')));
  let bpmMax = bpmBound(wholeNumber(params.get('bpmMax')));
  if (bpmMin !== undefined && bpmMax !== undefined && bpmMin > bpmMax) [bpmMin, bpmMax] = [bpmMax, bpmMin];
  const price = params.get('priceMax');
  const priceMax = price !== null && /^\d{1,6}(\.\d{1,2})?$/.test(price) && Number(price) > 0 ? Number(price) : undefined;
  const sort = params.get('sort') ?? '';
  return {
    genres: distinct(params.getAll('genre').map((v) => genreBySlug.get(v.toLowerCase()))),
    moods: distinct(params.getAll('mood').map((v) => v.toLowerCase()).map((v) => (moodSet.has(v) ? (v as Mood) : undefined))),
    keys: distinct(params.getAll('key').map((v) => keyBySlug.get(v.toLowerCase()))),
    bpmMin: bpmMin === BPM_FLOOR ? undefined : bpmMin,
    bpmMax: bpmMax === BPM_CEILING ? undefined : bpmMax,
    priceMax,
    hasStems: params.get('hasStems') === 'true',
    sort: sortSet.has(sort) ? (sort as BeatSort) : 'newest',
  };
}

const filterParams = ['genre', 'mood', 'key', 'bpmMin', 'bpmMax', 'priceMax', 'hasStems', 'sort'] as const;

/** `current` with its filter parameters replaced by `filters` (the search text and anything else stay). */
export function writeFilters(current: URLSearchParams, filters: CatalogFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of filterParams) next.delete(name);
  for (const genre of filters.genres) next.append('genre', slug(genre));
  for (const mood of filters.moods) next.append('mood', mood);
  for (const key of filters.keys) next.append('key', slug(key));
  if (filters.bpmMin !== undefined) next.set('bpmMin', String(filters.bpmMin));
  if (filters.bpmMax !== undefined) next.set('bpmMax', String(filters.bpmMax));
  if (filters.priceMax !== undefined) next.set('priceMax', String(filters.priceMax));
  if (filters.hasStems) next.set('hasStems', 'true');
  if (filters.sort !== 'newest') next.set('sort', filters.sort);
  return next;
}

/** The parameters of `GET /api/beats` and `GET /api/beats/facets` for these filters (the server's names and values). */
export function appendApiFilters(params: URLSearchParams, filters: CatalogFilters, { sort = true } = {}): void {
  for (const genre of filters.genres) params.append('genre', genre);
  for (const mood of filters.moods) params.append('mood', mood);
  for (const key of filters.keys) params.append('key', key);
  if (filters.bpmMin !== undefined) params.set('bpmMin', String(filters.bpmMin));
  if (filters.bpmMax !== undefined) params.set('bpmMax', String(filters.bpmMax));
  if (filters.priceMax !== undefined) params.set('priceMax', String(filters.priceMax));
  if (filters.hasStems) params.set('hasStems', 'true');
  if (sort && filters.sort !== 'newest') params.set('sort', filters.sort);
}

/** A stable, comparable form for query keys. */
export function filtersKey(filters: CatalogFilters) {
  return {
    genres: [...filters.genres].sort(),
    moods: [...filters.moods].sort(),
    keys: [...filters.keys].sort(),
    bpmMin: filters.bpmMin ?? null,
    bpmMax: filters.bpmMax ?? null,
    priceMax: filters.priceMax ?? null,
    hasStems: filters.hasStems,
    sort: filters.sort,
  };
}

/** "130–150 BPM", "130+ BPM", "Up to 90 BPM". */
export function bpmRangeLabel(min: number | undefined, max: number | undefined): string {
  if (min === undefined && max === undefined) return 'Any BPM';
  if (max === undefined) return `${min}+ BPM`;
  if (min === undefined) return `Up to ${max} BPM`;
  return min === max ? `${min} BPM` : `${min}–${max} BPM`;
}

/** "$50.00", "$49.99": the store's one price format. */
export function formatDollars(amount: number): string {
  return formatPrice(amount);
}

export function priceLabel(priceMax: number): string {
  return `Up to ${formatDollars(priceMax)}`;
}

/** One active filter as a removable chip. */
export interface FilterChip {
  id: string;
  label: string;
  remove: (filters: CatalogFilters) => CatalogFilters;
}

export function filterChips(filters: CatalogFilters): FilterChip[] {
  const chips: FilterChip[] = [
    ...filters.genres.map((genre) => ({
      id: `genre:${genre}`,
      label: genre,
      remove: (f: CatalogFilters) => ({ ...f, genres: f.genres.filter((g) => g !== genre) }),
    })),
    ...filters.moods.map((mood) => ({
      id: `mood:${mood}`,
      label: moodLabel(mood),
      remove: (f: CatalogFilters) => ({ ...f, moods: f.moods.filter((m) => m !== mood) }),
    })),
    ...filters.keys.map((key) => ({
      id: `key:${key}`,
      label: key,
      remove: (f: CatalogFilters) => ({ ...f, keys: f.keys.filter((k) => k !== key) }),
    })),
  ];
  if (filters.bpmMin !== undefined || filters.bpmMax !== undefined) {
    chips.push({
      id: 'bpm',
      label: bpmRangeLabel(filters.bpmMin, filters.bpmMax),
      remove: (f) => ({ ...f, bpmMin: undefined, bpmMax: undefined }),
    });
  }
  if (filters.priceMax !== undefined) {
    chips.push({ id: 'price', label: priceLabel(filters.priceMax), remove: (f) => ({ ...f, priceMax: undefined }) });
  }
  if (filters.hasStems) chips.push({ id: 'stems', label: 'Stems included', remove: (f) => ({ ...f, hasStems: false }) });
  return chips;
}

/** The filters without any narrowing (the sort stays: it is an order, not a filter). */
export function clearedFilters(filters: CatalogFilters): CatalogFilters {
  return { ...emptyFilters, sort: filters.sort };
}

export function countActive(filters: CatalogFilters): number {
  return filterChips(filters).length;
}

/** "212 beats", "1 beat". */
export function beatCountText(count: number): string {
  return `${groupDigits(count)} ${count === 1 ? 'beat' : 'beats'}`;
}
