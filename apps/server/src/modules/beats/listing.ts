/**
 * Listed: the one test of whether a beat is in the store right now (docs/product/catalog-and-search.md#what-is-listed).
 * A beat is listed when it is published, not sold as an exclusive, and its preview is ready (a new beat waits for
 * its first render). Only a listed beat is shown, streamed, carted, bought or reached by the VIP plan.
 * The rule has two spellings, kept side by side: SQL for queries and a predicate for a row in hand. The database's
 * triggers spell it too, for `listed_beats` (drizzle/0008) and the VIP catalog's size (drizzle/0019); listing.test.ts
 * checks that all of them agree.
 */
import { sql } from 'drizzle-orm';
import { beats, type BeatRow } from '../../db/schema.js';

export type ListingFields = Pick<BeatRow, 'published' | 'soldAt' | 'previewKey'>;

/** Written as literal SQL (not `published = $1`) so the planner can match the partial listing index's predicate. */
export const isListed = sql`${beats.published} and ${beats.soldAt} is null and ${beats.previewKey} is not null`;

export function isListedBeat(beat: ListingFields): boolean {
  return beat.published && beat.soldAt === null && beat.previewKey !== null;
}
