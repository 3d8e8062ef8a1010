/**
 * Exclusives' countdown (docs/product/offers-and-prices.md#countdown): once the server's own clock passes an unsold exclusive's
 * countdownEndTime, it becomes Non-Exclusive (it joins the VIP catalog) at the standard lease price.
 * Clients may nudge; nothing changes before the end time.
 */
import { and, eq, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { beats, type BeatRow } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { getBeat } from '../beats/beats.service.js';

/**
 * Turns over every ended, unsold exclusive (or just `beatId`). An exclusive held for a buyer whose
 * checkout is still open waits until that reservation lapses, so a payment in progress never finds
 * its beat changed under it. One UPDATE: concurrent runs (job, nudges) turn each beat over once.
 */
export async function turnOverEndedExclusives(deps: Pick<Deps, 'db' | 'clock' | 'config'>, beatId?: string): Promise<BeatRow[]> {
  const now = deps.clock.now();
  const filters: (SQL | undefined)[] = [
    eq(beats.beatType, 'Exclusive'),
    isNull(beats.soldAt),
    isNotNull(beats.countdownEndTime),
    lte(beats.countdownEndTime, now),
    or(isNull(beats.reservedUntil), lte(beats.reservedUntil, now)),
  ];
  if (beatId) filters.push(eq(beats.id, beatId));
  return deps.db
    .update(beats)
    .set({ beatType: 'Non-Exclusive', priceCents: deps.config.prices.leaseCents, updatedAt: now })
    .where(and(...filters))
    .returning();
}

/** A page's nudge when a countdown reaches zero: applies the server's own rule to one published beat. */
export async function nudgeCountdown(deps: Deps, beatId: string): Promise<{ changed: boolean; beat: BeatRow }> {
  const beat = await getBeat(deps, beatId);
  if (!beat.published) throw notFound('This beat does not exist.');
  const [turned] = await turnOverEndedExclusives(deps, beat.id);
  return { changed: turned !== undefined, beat: turned ?? (await getBeat(deps, beat.id)) };
}
