/**
 * Upgrades (docs/product/licenses.md#upgrades): a buyer who holds an MP3 lease of a beat whose exclusive is for sale
 * buys the exclusive for its price less what the lease cost, never below zero. Only a paid lease counts: the VIP plan
 * and credits are not a payment for the beat, so their holders pay the whole exclusive.
 */
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { upgradeLineLabel, type UpgradeOffer } from '@beat/shared';
import type { Db, Tx } from '../../db/client.js';
import { beats, purchases } from '../../db/schema.js';
import { isListed } from '../beats/listing.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { formatUsd } from './offers.js';

/** A lease an exclusive of the same beat would replace. */
export interface UpgradableLease {
  purchaseId: string;
  licenceId: string;
  beatId: string;
  paidCents: number;
}

/** A lease in force: not refunded, not already replaced by an upgrade. */
const leaseInForce = and(eq(purchases.kind, 'lease'), isNull(purchases.refundedAt), isNull(purchases.supersededAt));

/** The buyer's leases in force of these beats, by beat (the latest lease of each). */
export async function upgradableLeases(db: Db | Tx, userId: string, beatIds: string[]): Promise<Map<string, UpgradableLease>> {
  if (beatIds.length === 0) return new Map();
  const rows = await db
    .select({ purchaseId: purchases.id, licenceId: purchases.licenceId, beatId: purchases.beatId, paidCents: purchases.priceCents })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), inArray(purchases.beatId, beatIds), leaseInForce))
    .orderBy(desc(purchases.purchasedAt));
  const found = new Map<string, UpgradableLease>();
  for (const row of rows) if (row.beatId && !found.has(row.beatId)) found.set(row.beatId, { ...row, beatId: row.beatId });
  return found;
}

export const upgradePriceCents = (exclusiveCents: number, lease: Pick<UpgradableLease, 'paidCents'>) =>
  Math.max(0, exclusiveCents - lease.paidCents);

export const upgradeLabel = (beatTitle: string, paidCents: number) => upgradeLineLabel(beatTitle, formatUsd(paidCents));

/** Every upgrade the buyer may make now: their leases in force of beats whose exclusive is for sale. */
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
    })
    .from(purchases)
    .innerJoin(beats, eq(beats.id, purchases.beatId))
    .where(and(eq(purchases.userId, userId), leaseInForce, eq(beats.beatType, 'Exclusive'), isListed, isNotNull(beats.priceCents)))
    .orderBy(desc(purchases.purchasedAt));
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
      price: centsToDollars(upgradePriceCents(r.exclusiveCents!, { paidCents: r.paidCents })),
    }));
}
