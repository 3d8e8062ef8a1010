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
import { dealNotes, nameWithDeals } from '../deals/pricing.js';

/**
 * A line's name wherever it is shown (the provider, the test checkout, the receipt, the success page):
 * the title, or the upgrade it is when it replaces a lease bought for `upgradedFromCents`, with its deals.
 */
export const lineName = (title: string, upgradedFromCents: number | null | undefined, notes: string[] = []): string =>
  nameWithDeals(upgradedFromCents == null ? title : upgradeLabel(title, upgradedFromCents), notes);

/** What each kind of line is, under its name at the provider and on the test checkout's page. */
export const lineDescriptions: Record<PurchaseKind, string> = {
  lease: 'MP3 lease (non-exclusive license)',
  exclusive: 'Exclusive license: MP3, WAV and stems',
  stems: 'Stems (every track of the beat)',
  vipPlan: 'Lifetime access to every VIP catalog beat, MP3 and WAV',
};

export interface CheckoutLine {
  kind: PurchaseKind;
  title: string;
  priceCents: number;
  terms: LicenceTermsRow | null;
}

export async function checkoutLines(db: Db, checkoutId: string): Promise<CheckoutLine[]> {
  const lease = alias(purchases, 'lease');
  const rows = await db
    .select({ item: checkoutItems, terms: licenceTerms, leasePaidCents: lease.priceCents, couponCode: checkouts.couponCode, bulkDeal: checkouts.bulkDeal })
    .from(checkoutItems)
    .innerJoin(checkouts, eq(checkouts.id, checkoutItems.checkoutId))
    .leftJoin(licenceTerms, eq(licenceTerms.id, checkoutItems.termsId))
    .leftJoin(lease, eq(lease.id, checkoutItems.upgradesPurchaseId))
    .where(eq(checkoutItems.checkoutId, checkoutId))
    .orderBy(asc(checkoutItems.title));
  return rows.map(({ item, terms, leasePaidCents, couponCode, bulkDeal }) => ({
    kind: item.kind,
    title: lineName(item.title, leasePaidCents, dealNotes(item, bulkDeal, couponCode)),
    priceCents: item.priceCents,
    terms,
  }));
}

export interface PaidLine {
  kind: PurchaseKind;
  title: string;
  priceCents: number;
  refunded: boolean;
}

/** A paid checkout's purchases: what was delivered, and what was refunded at once. */
export async function paidLines(db: Db, checkout: Pick<CheckoutRow, 'id' | 'bulkDeal' | 'couponCode'>): Promise<PaidLine[]> {
  const replaced = alias(purchases, 'replaced');
  const rows = await db
    .select({ purchase: purchases, replacedPaidCents: replaced.priceCents, item: checkoutItems })
    .from(purchases)
    .leftJoin(replaced, eq(replaced.supersededBy, purchases.id))
    .leftJoin(
      checkoutItems,
      and(
        eq(checkoutItems.checkoutId, purchases.checkoutId),
        eq(checkoutItems.kind, purchases.kind),
        sql`${checkoutItems.beatId} is not distinct from ${purchases.beatId}`,
      ),
    )
    .where(eq(purchases.checkoutId, checkout.id))
    .orderBy(asc(purchases.title));
  return rows.map(({ purchase: p, replacedPaidCents, item }) => ({
    kind: p.kind,
    title: lineName(p.title, replacedPaidCents, item ? dealNotes(item, checkout.bulkDeal, checkout.couponCode) : []),
    priceCents: p.priceCents,
    refunded: p.refundedAt !== null,
  }));
}
