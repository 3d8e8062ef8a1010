/** The catalog: what is listed, in what order, and the search (case-insensitive substring of the title, any tag, the artist or the genre; docs/product/catalog-and-search.md#search). */
import { and, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { beatTypes, type BeatType } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { beats, type BeatRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like-pattern.js';
import { isListed } from './listing.js';


interface Cursor {
  releaseDate: Date;
  id: string;
}

export function encodeCursor(row: Pick<BeatRow, 'releaseDate' | 'id'>): string {
  return Buffer.from(`${row.releaseDate.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): Cursor {
  const [date, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const releaseDate = new Date(date ?? '');
  if (!id || Number.isNaN(releaseDate.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw badRequest('cursor is not valid: use the nextCursor of the previous page.');
  }
  return { releaseDate, id };
}

/** The search box's text as a LIKE pattern over the lower-cased search column (wildcards taken literally). */
export function searchPattern(q: string): string | null {
  return containsPattern(q.replace(/[\r\n]+/g, ' ').toLowerCase());
}

export interface BeatPageInput {
  q?: string;
  type?: BeatType;
  limit: number;
  cursor?: string;
}

export async function listBeatPage(deps: Deps, input: BeatPageInput): Promise<{ rows: BeatRow[]; nextCursor: string | null }> {
  const filters: SQL[] = [isListed];
  if (input.type) filters.push(eq(beats.beatType, input.type));
  const pattern = input.q ? searchPattern(input.q) : null;
  if (pattern) filters.push(like(beats.searchText, pattern));
  if (input.cursor) {
    const c = decodeCursor(input.cursor);
    filters.push(sql`(${beats.releaseDate}, ${beats.id}) < (${c.releaseDate.toISOString()}::timestamptz, ${c.id}::uuid)`);
  }
  const rows = await deps.db
    .select()
    .from(beats)
    .where(and(...filters))
    .orderBy(desc(beats.releaseDate), desc(beats.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > input.limit && last ? encodeCursor(last) : null };
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

export async function countVipCatalog(deps: Deps): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(beats)
    .where(and(isListed, eq(beats.beatType, 'Non-Exclusive')));
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
