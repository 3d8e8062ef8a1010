/**
 * A checkout's lines as the buyer reads them: the name (an upgrade says what it replaces and what was already paid; a
 * deal says what it took off) and the price charged — before paying with the license terms the checkout was opened under
 * (docs/product/licenses.md#terms), after paying as the purchases made.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { checkoutItems, checkouts, licenceTerms, purchases, type CheckoutRow, type LicenceTermsRow, type PurchaseKind } from '../../db/schema.js';
import { upgradeLabel } from '../offers/upgrades.js';
import { tierNames, upgradeWord } from '../offers/tier-offers.js';
import { dealNotes, nameWithDeals } from '../deals/pricing.js';

/** An upgrade as its line names it: what the replaced licence cost, and the tiers it goes from and to. */
export interface UpgradeName {
  paidCents: number;
  from: string;
  to: string;
}

/**
 * A line's name wherever it is shown (the provider, the test checkout, the receipt, the success page):
 * the title, or the upgrade it is when it replaces a licence of a lower tier, with its deals.
 */
export const lineName = (title: string, upgrade: UpgradeName | null | undefined, notes: string[] = []): string =>
  nameWithDeals(upgrade ? upgradeLabel(title, upgrade.paidCents, upgrade.from, upgrade.to) : title, notes);

/** The upgrade name of a line that replaces the licence of tier `fromTier` paid `paidCents`, buying tier `toTier`. */
export function upgradeName(names: Map<string, string>, paidCents: number | null | undefined, fromTier: string | null | undefined, toTier: string | null | undefined): UpgradeName | null {
  if (paidCents == null) return null;
  return { paidCents, from: upgradeWord(fromTier ?? 'lease', names), to: upgradeWord(toTier ?? 'exclusive', names) };
}

/** What each kind of line is, under its name at the provider and on the test checkout's page. */
export const lineDescriptions: Record<PurchaseKind, string> = {
  lease: 'MP3 lease (non-exclusive license)',
  exclusive: 'Exclusive license: MP3, WAV and stems',
  stems: 'Stems (every track of the beat)',
  vipPlan: 'Lifetime access to every VIP catalog beat, MP3 and WAV',
};

/** A line's licence tier, named; null for stems and the VIP plan. */
export type LineTier = { key: string; name: string } | null;

/** A line's description under its name; a tier other than the MP3 Lease and the Exclusive says its own name. */
export function lineDescription(kind: PurchaseKind, tier: LineTier | undefined): string {
  if (tier && tier.key !== 'lease' && tier.key !== 'exclusive') return `${tier.name} (non-exclusive license)`;
  return lineDescriptions[kind];
}

export interface CheckoutLine {
  kind: PurchaseKind;
  title: string;
  priceCents: number;
  terms: LicenceTermsRow | null;
  tier: LineTier;
}

const lineTier = (names: Map<string, string>, key: string | null): LineTier => (key ? { key, name: names.get(key) ?? key } : null);

export async function checkoutLines(db: Db, checkoutId: string): Promise<CheckoutLine[]> {
  const lease = alias(purchases, 'lease');
  const rows = await db
    .select({ item: checkoutItems, terms: licenceTerms, leasePaidCents: lease.priceCents, leaseTier: lease.tier, couponCode: checkouts.couponCode, bulkDeal: checkouts.bulkDeal })
    .from(checkoutItems)
    .innerJoin(checkouts, eq(checkouts.id, checkoutItems.checkoutId))
    .leftJoin(licenceTerms, eq(licenceTerms.id, checkoutItems.termsId))
    .leftJoin(lease, eq(lease.id, checkoutItems.upgradesPurchaseId))
    .where(eq(checkoutItems.checkoutId, checkoutId))
    .orderBy(asc(checkoutItems.title));
  const names = await tierNames(db);
  return rows.map(({ item, terms, leasePaidCents, leaseTier, couponCode, bulkDeal }) => ({
    kind: item.kind,
    title: lineName(item.title, upgradeName(names, leasePaidCents, leaseTier, item.tier), dealNotes(item, bulkDeal, couponCode)),
    priceCents: item.priceCents,
    terms,
    tier: lineTier(names, item.tier),
  }));
}

export interface PaidLine {
  kind: PurchaseKind;
  title: string;
  priceCents: number;
  refunded: boolean;
  tier: LineTier;
}

/** A paid checkout's purchases: what was delivered, and what was refunded at once. */
export async function paidLines(db: Db, checkout: Pick<CheckoutRow, 'id' | 'bulkDeal' | 'couponCode'>): Promise<PaidLine[]> {
  const replaced = alias(purchases, 'replaced');
  const rows = await db
    .select({ purchase: purchases, replacedPaidCents: replaced.priceCents, replacedTier: replaced.tier, item: checkoutItems })
    .from(purchases)
    .leftJoin(replaced, eq(replaced.supersededBy, purchases.id))
    .leftJoin(
      checkoutItems,
      and(
        eq(checkoutItems.checkoutId, purchases.checkoutId),
        eq(checkoutItems.kind, purchases.kind),
        sql`${checkoutItems.tier} is not distinct from ${purchases.tier}`,
        sql`${checkoutItems.beatId} is not distinct from ${purchases.beatId}`,
      ),
    )
    .where(eq(purchases.checkoutId, checkout.id))
    .orderBy(asc(purchases.title));
  const names = await tierNames(db);
  return rows.map(({ purchase: p, replacedPaidCents, replacedTier, item }) => ({
    kind: p.kind,
    title: lineName(p.title, upgradeName(names, replacedPaidCents, replacedTier, p.tier), item ? dealNotes(item, checkout.bulkDeal, checkout.couponCode) : []),
    priceCents: p.priceCents,
    refunded: p.refundedAt !== null,
    tier: lineTier(names, p.tier),
  }));
}
