/** Plays: counted only when the listener stayed at least 10 seconds (spec §9). */
import { eq, sql } from 'drizzle-orm';
import { MIN_COUNTED_PLAY_SECONDS } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { beats, plays } from '../../db/schema.js';
import { getBeat } from '../beats/beats.service.js';

export async function recordPlay(deps: Deps, beatId: string, userId: string | null, seconds: number): Promise<boolean> {
  await getBeat(deps, beatId);
  if (seconds < MIN_COUNTED_PLAY_SECONDS) return false;
  await deps.db.transaction(async (tx) => {
    await tx.insert(plays).values({ beatId, userId, seconds, createdAt: deps.clock.now() });
    await tx.update(beats).set({ playCount: sql`${beats.playCount} + 1` }).where(eq(beats.id, beatId));
  });
  return true;
}
