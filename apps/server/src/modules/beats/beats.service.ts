/** The catalog: what is listed, in what order, and the search (case-insensitive substring of the title, any tag, the artist or the genre; docs/product/catalog-and-search.md#search). */
import { and, desc, eq, sql } from 'drizzle-orm';
import { beatTypes, type BeatSort, type BeatType } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { beats, catalogVersion, listedBeats, type BeatRow } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { isListed } from './listing.js';
import { readCatalogVersion } from '../../db/catalog-version.js';
import { facetColumns, shareLeft } from './facets.service.js';
import { catalogSorts, decodeCursor, encodeCursor, filterConditions, searchPattern, type CatalogFilters } from './catalog-filters.js';

export { searchPattern } from './catalog-filters.js';

/** Below this share of the catalog left by a search's other filters, the search's matches are read and sorted. */
export const SEARCH_BY_MATCHES_BELOW = 0.1;

export interface BeatPageInput extends CatalogFilters {
  sort?: BeatSort;
  limit: number;
  cursor?: string;
}

/**
 * A page of the catalog, filtered and sorted (docs/product/catalog-and-search.md#filters): each sort is one
 * partial index walked from the cursor, which holds the sort's key and the beat's id, so paging never skips or
 * repeats a beat (docs/decisions/0021-catalog-filters.md).
 */
export async function listBeatPage(deps: Deps, input: BeatPageInput): Promise<{ rows: BeatRow[]; nextCursor: string | null }> {
  const sort = catalogSorts[input.sort ?? 'newest'];
  const filters = filterConditions(input, sort);
  // A search of three characters or more whose other filters leave under a tenth of the catalog is served by its
  // trigram index: its matches (10% of the catalog at most for the commonest words) are read and sorted, instead of
  // a sort index being walked past every beat the filters together leave out. Otherwise the planner chooses, and for
  // a common word the walk finds a page within a few thousand entries. The share comes from the facets' snapshot
  // (docs/decisions/0022-catalog-discovery-speed.md).
  const pattern = input.q ? searchPattern(input.q) : null;
  const filtered =
    Boolean(input.genre?.length || input.mood?.length || input.key?.length || input.hasStems) ||
    input.bpmMin !== undefined ||
    input.bpmMax !== undefined ||
    input.priceMax !== undefined;
  const byMatches =
    filtered &&
    pattern !== null &&
    pattern.replace(/\\(.)/g, '$1').length >= 5 &&
    shareLeft(await facetColumns(deps.db, await readCatalogVersion(deps.db)), input) < SEARCH_BY_MATCHES_BELOW;
  if (input.cursor) filters.push(sort.after(decodeCursor(input.cursor, sort), byMatches));
  const rows = await deps.db
    .select({ beat: beats, recentPlays: listedBeats.recentPlays })
    .from(listedBeats)
    .innerJoin(beats, eq(beats.id, listedBeats.beatId))
    .where(and(...filters))
    .orderBy(...(byMatches ? sort.orderOfMatches : sort.orderBy))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    rows: page.map((row) => row.beat),
    nextCursor: rows.length > input.limit && last ? encodeCursor(sort, { ...last.beat, recentPlays: last.recentPlays }) : null,
  };
}

/** Every listed beat (GET /api/getbeats, docs/product/catalog-and-search.md#listing): exclusives first by countdown, then the VIP catalog, newest first. */
export function listAllBeats(deps: Deps): Promise<BeatRow[]> {
  return deps.db
    .select()
    .from(beats)
    .where(isListed)
    .orderBy(beats.beatType, desc(beats.releaseDate), desc(beats.id));
}

/** Where a chunk of the full listing starts: after this beat, in the listing's order. */
export type ListingPosition = Pick<BeatRow, 'releaseDate' | 'id'>;

/**
 * The listed beats of one type in chunks, newest first: listAllBeats' order is each type in turn
 * (beatListingOrder), so building the full listing never holds the database or the event loop for long.
 * Each chunk is one range of the listing index.
 */
export function listBeatsChunk(deps: Deps, type: BeatType, after: ListingPosition | null, limit: number): Promise<BeatRow[]> {
  const from = after
    ? sql`(${beats.releaseDate}, ${beats.id}) < (${after.releaseDate.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return deps.db
    .select()
    .from(beats)
    .where(and(isListed, eq(beats.beatType, type), from))
    .orderBy(desc(beats.releaseDate), desc(beats.id))
    .limit(limit);
}

/** The beat types in listAllBeats' order (by type name). */
export const beatListingOrder: readonly BeatType[] = [...beatTypes].sort();

export async function getBeat(deps: Deps, beatId: string): Promise<BeatRow> {
  const [beat] = await deps.db.select().from(beats).where(eq(beats.id, beatId)).limit(1);
  if (!beat) throw notFound('This beat does not exist.');
  return beat;
}

/**
 * The VIP catalog's size: its listed Non-Exclusive beats, a count the database keeps beside the catalog's version
 * (docs/decisions/0015-query-plans.md#the-vip-catalogs-size).
 */
export async function countVipCatalog(deps: Deps): Promise<number> {
  const [row] = await deps.db.select({ n: catalogVersion.vipCatalogSize }).from(catalogVersion).where(eq(catalogVersion.id, 1));
  return row?.n ?? 0;
}

/** What the public preview and waveform routes may serve: a listed beat's, or any beat's for a valid owner grant. */
export async function getPreviewFiles(deps: Deps, beatId: string, granted: boolean) {
  const [row] = await deps.db
    .select({ previewKey: beats.previewKey, waveformKey: beats.waveformKey, renderKey: beats.previewRenderKey })
    .from(beats)
    .where(granted ? eq(beats.id, beatId) : and(eq(beats.id, beatId), isListed))
    .limit(1);
  if (!row?.previewKey) throw notFound('This beat has no public preview.');
  return row;
}
