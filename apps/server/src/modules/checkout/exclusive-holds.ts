/**
 * Holds on exclusives (docs/product/offers-and-prices.md#reservations): while a buyer's checkout is open, every exclusive
 * in it is held for them alone (beats.reserved_by / reserved_until), all or none. A hold ends with its checkout, or
 * lapses at its time.
 */
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { beats, checkoutItems, type BeatRow, type CheckoutRow } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import { isListed, isListedBeat } from '../beats/listing.js';

/** How long an exclusive is held for its buyer (30 minutes at most: docs/product/offers-and-prices.md#reservations). */
export const RESERVATION_MS = 30 * 60_000;

function heldMessage(beat: BeatRow, now: Date): string {
  const minutes = beat.reservedUntil ? Math.max(1, Math.ceil((beat.reservedUntil.getTime() - now.getTime()) / 60_000)) : 30;
  // An accepted offer holds the beat for up to 48 hours (docs/product/exclusive-offers.md#paying): long waits read in hours.
  const wait = minutes > 90 ? `${Math.ceil(minutes / 60)} hours` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `${beat.title} is being bought by another customer right now. If they do not complete their purchase it is available again within ${wait}.`;
}

/**
 * Holds the exclusives `beatIds` for the buyer until `until`, all or none: 409 when one is sold, no longer an exclusive
 * for sale, or held by another buyer whose hold has not lapsed at `now`. Answers the ids held.
 */
export async function holdExclusives(db: Db, buyerId: string, beatIds: string[], until: Date, now: Date): Promise<string[]> {
  // A stable order, so two checkouts holding the same beats take their row locks in the same order.
  const ids = [...beatIds].sort();
  if (ids.length === 0) return ids;
  await db.transaction(async (tx) => {
    for (const id of ids) {
      const [held] = await tx
        .update(beats)
        .set({ reservedBy: buyerId, reservedUntil: until })
        .where(
          and(
            eq(beats.id, id),
            eq(beats.beatType, 'Exclusive'),
            isListed,
            or(isNull(beats.reservedBy), eq(beats.reservedBy, buyerId), lte(beats.reservedUntil, now)),
          ),
        )
        .returning({ id: beats.id });
      if (held) continue;
      const [beat] = await tx.select().from(beats).where(eq(beats.id, id)).limit(1);
      if (!beat || beat.soldAt) throw conflict(`${beat?.title ?? 'This beat'} has already been sold.`);
      if (!isListedBeat(beat) || beat.beatType !== 'Exclusive') throw conflict(`${beat.title} is no longer for sale as an exclusive.`);
      throw conflict(heldMessage(beat, now));
    }
  });
  return ids;
}

/** Gives back holds taken by `holdExclusives` for a checkout that was not opened after all. */
export async function releaseHolds(db: Db, buyerId: string, beatIds: string[], until: Date): Promise<void> {
  if (beatIds.length === 0) return;
  await db
    .update(beats)
    .set({ reservedBy: null, reservedUntil: null })
    .where(and(inArray(beats.id, beatIds), eq(beats.reservedBy, buyerId), eq(beats.reservedUntil, until)));
}

/** A checkout ended unpaid (expired, or its payment failed): its holds go, unless a newer checkout of the buyer holds the beat. */
export async function releaseCheckoutHolds(tx: Tx, checkout: CheckoutRow): Promise<void> {
  if (!checkout.userId) return;
  const exclusiveIds = tx
    .select({ id: checkoutItems.beatId })
    .from(checkoutItems)
    .where(and(eq(checkoutItems.checkoutId, checkout.id), eq(checkoutItems.kind, 'exclusive')));
  await tx
    .update(beats)
    .set({ reservedBy: null, reservedUntil: null })
    .where(and(inArray(beats.id, exclusiveIds), eq(beats.reservedBy, checkout.userId), lte(beats.reservedUntil, checkout.expiresAt)));
}
