/**
 * Spending a credit: one credit unlocks a Non-Exclusive beat's mp3 and wav for good (docs/product/entitlements.md#credits). The
 * entitlement row and the conditional decrement commit together, so under any number of concurrent
 * requests a user with N credits unlocks at most N beats and never goes below zero.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { downloadMessages } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { creditSpends, entitlements, users, type BeatRow, type UserRow } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { getBeat } from '../beats/beats.service.js';
import { inCatalog, rightsFor } from './entitlements.service.js';
import { currentTermsId } from '../licences/licence-terms.service.js';

export interface CreditUnlock {
  beat: BeatRow;
  /** Credits left afterwards. */
  credits: number;
  alreadyUnlocked: boolean;
}

export async function unlockWithCredit(deps: Deps, user: UserRow, beatId: string): Promise<CreditUnlock> {
  const beat = await getBeat(deps, beatId);
  if (beat.beatType === 'Exclusive') {
    throw badRequest('Exclusive beats cannot be unlocked with credits. Buy the exclusive license instead.');
  }
  if (!inCatalog(beat)) throw notFound('This beat is no longer in the catalog.');

  // Already downloadable in full (VIP, an earlier unlock, a purchase): nothing to spend.
  const rights = await rightsFor(deps, user, beat);
  if (rights.mp3 && (rights.wav || beat.wavKey === null)) {
    return { beat, credits: await currentCredits(deps, user.id), alreadyUnlocked: true };
  }

  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The row first: a concurrent unlock of the same beat waits here and then finds it taken, so it spends nothing.
    const inserted = await tx
      .insert(entitlements)
      .values({ userId: user.id, beatId: beat.id, source: 'credit', termsId: currentTermsId('credit'), createdAt: now })
      .onConflictDoNothing()
      .returning({ beatId: entitlements.beatId });
    if (inserted.length === 0) {
      const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, user.id));
      return { beat, credits: row?.credits ?? 0, alreadyUnlocked: true };
    }
    // One conditional UPDATE: PostgreSQL re-checks `credits > 0` on the latest row version after any concurrent writer commits.
    const [spent] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} - 1`, updatedAt: now })
      .where(and(eq(users.id, user.id), gt(users.credits, 0)))
      .returning({ credits: users.credits });
    // Throwing rolls the entitlement row back with it.
    if (!spent) throw conflict(downloadMessages.noCredits);
    await tx.insert(creditSpends).values({ userId: user.id, beatId: beat.id, credits: 1, createdAt: now });
    return { beat, credits: spent.credits, alreadyUnlocked: false };
  });
}

async function currentCredits(deps: Deps, userId: string): Promise<number> {
  const [row] = await deps.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}
