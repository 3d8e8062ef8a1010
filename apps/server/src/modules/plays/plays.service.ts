/**
 * Plays: counted only when the listener stayed at least 10 seconds (docs/product/screens-and-words.md#player), and at most once per
 * listener and beat every 10 minutes, so repeated reports cannot inflate the numbers
 * (docs/audio-pipeline.md). A listener is the account, or the address for a visitor, kept only as
 * an HMAC.
 */
import { createHmac } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { MIN_COUNTED_PLAY_SECONDS } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { beats, playListens, plays } from '../../db/schema.js';
import { getBeat } from '../beats/beats.service.js';

export const PLAY_DEDUPE_MS = 10 * 60_000;

export type Listener = { userId: string } | { address: string };

export function listenerKey(secret: string, listener: Listener): string {
  const identity = 'userId' in listener ? `user:${listener.userId}` : `address:${listener.address}`;
  return createHmac('sha256', secret).update(`listener:${identity}`).digest('base64url').slice(0, 32);
}

export async function recordPlay(deps: Deps, beatId: string, listener: Listener, seconds: number): Promise<boolean> {
  await getBeat(deps, beatId);
  if (seconds < MIN_COUNTED_PLAY_SECONDS) return false;
  const now = deps.clock.now();
  const since = new Date(now.getTime() - PLAY_DEDUPE_MS);
  const key = listenerKey(deps.config.tokenSecret, listener);
  return deps.db.transaction(async (tx) => {
    // One statement decides, so concurrent reports of one listen count once on any database.
    const counted = await tx
      .insert(playListens)
      .values({ listener: key, beatId, countedAt: now })
      .onConflictDoUpdate({
        target: [playListens.listener, playListens.beatId],
        set: { countedAt: now },
        setWhere: lt(playListens.countedAt, since),
      })
      .returning({ beatId: playListens.beatId });
    if (counted.length === 0) return false;
    const userId = 'userId' in listener ? listener.userId : null;
    await tx.insert(plays).values({ beatId, userId, seconds, createdAt: now });
    await tx.update(beats).set({ playCount: sql`${beats.playCount} + 1` }).where(eq(beats.id, beatId));
    return true;
  });
}

/** Listens older than the window decide nothing any more. */
export async function pruneListens(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  await deps.db.delete(playListens).where(lt(playListens.countedAt, new Date(deps.clock.now().getTime() - PLAY_DEDUPE_MS)));
}
