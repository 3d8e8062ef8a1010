/**
 * Upgrades (docs/product/licenses.md#upgrades): a buyer who holds a licence of a lower tier of a beat buys a higher tier
 * for its price less what the licence they hold cost, never below zero (the ladder's rule is `standing` in
 * tier-offers.ts). Only a paid licence counts: the VIP plan and credits are not a payment for the beat, so their holders
 * pay the whole price. This file names upgrades and lists the ones to the exclusive the dashboard offers.
 */
import { and, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { upgradeLineLabel, type UpgradeOffer } from '@beat/shared';
import type { Db, Tx } from '../../db/client.js';
import { beats, purchases } from '../../db/schema.js';
import { isListed } from '../beats/listing.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { formatUsd } from './offers.js';

/** What an upgrade costs: the higher tier's price less what the held licence cost, never below zero. */
export const upgradePriceCents = (toCents: number, held: { paidCents: number }) => Math.max(0, toCents - held.paidCents);

export const upgradeLabel = (beatTitle: string, paidCents: number, from?: string, to?: string) =>
  upgradeLineLabel(beatTitle, formatUsd(paidCents), from, to);

/**
 * Every upgrade to an exclusive the buyer may make now: their paid licences in force of a lower tier of beats whose
 * exclusive is for sale, one per beat (the dearest licence, which leaves the least to pay).
 */
export async function listUpgrades(db: Db | Tx, userId: string): Promise<UpgradeOffer[]> {
  const rows = await db
    .select({
      beatId: beats.id,
      slug: beats.slug,
      beatTitle: beats.title,
      artistName: beats.artistName,
      exclusiveCents: beats.priceCents,
      leasePurchaseId: purchases.id,
      leaseLicenseId: purchases.licenceId,
      paidCents: purchases.priceCents,
      tier: purchases.tier,
    })
    .from(purchases)
    .innerJoin(beats, eq(beats.id, purchases.beatId))
    .where(
      and(
        eq(purchases.userId, userId),
        isNotNull(purchases.tier),
        ne(purchases.tier, 'exclusive'),
        isNull(purchases.refundedAt),
        isNull(purchases.supersededAt),
        eq(beats.beatType, 'Exclusive'),
        isListed,
        isNotNull(beats.priceCents),
      ),
    )
    .orderBy(desc(purchases.priceCents), desc(purchases.purchasedAt));
  const seen = new Set<string>();
  return rows
    .filter((r) => (seen.has(r.beatId) ? false : (seen.add(r.beatId), true)))
    .map((r) => ({
      beatId: r.beatId,
      slug: r.slug,
      beatTitle: r.beatTitle,
      artistName: r.artistName,
      leasePurchaseId: r.leasePurchaseId,
      leaseLicenseId: r.leaseLicenseId,
      alreadyPaid: centsToDollars(r.paidCents),
      exclusivePrice: centsToDollars(r.exclusiveCents!),
      price: centsToDollars(upgradePriceCents(r.exclusiveCents!, r)),
      fromTier: r.tier!,
      toTier: 'exclusive',
    }));
}
