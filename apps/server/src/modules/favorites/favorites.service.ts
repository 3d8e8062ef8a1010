/** A user's favourite beats: Non-Exclusive beats only (the heart is shown only for them). */
import { and, desc, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { beats, favorites, type BeatRow } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { getBeat } from '../beats/beats.service.js';
import { beatDtoColumns, type BeatDtoRow } from '../beats/beat-dto.js';
import { jsonRows } from '../../db/json-row.js';
import { isListed } from '../beats/listing.js';

export async function addFavorite(deps: Deps, userId: string, beatId: string): Promise<BeatRow> {
  const beat = await getBeat(deps, beatId);
  if (beat.beatType !== 'Non-Exclusive') {
    throw badRequest('Only VIP catalog (Non-Exclusive) beats can be added to favorites.');
  }
  await deps.db.insert(favorites).values({ userId, beatId, createdAt: deps.clock.now() }).onConflictDoNothing();
  return beat;
}

export async function removeFavorite(deps: Deps, userId: string, beatId: string): Promise<void> {
  await deps.db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.beatId, beatId)));
}

/** Newest first, as one JSON value: a user may keep hundreds (docs/decisions/0015-query-plans.md#output-bound-lists). */
export async function listFavorites(deps: Deps, userId: string): Promise<BeatDtoRow[]> {
  const [all] = await deps.db
    .select({ rows: jsonRows(beatDtoColumns, desc(favorites.createdAt)) })
    .from(favorites)
    .innerJoin(beats, eq(beats.id, favorites.beatId))
    .where(and(eq(favorites.userId, userId), isListed));
  return all!.rows;
}
