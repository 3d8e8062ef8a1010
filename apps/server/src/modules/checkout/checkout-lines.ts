/**
 * A checkout's lines as the buyer reads them before paying: the name (an upgrade says what it replaces and what was
 * already paid; a deal says what it took off), the price charged, and the license terms the checkout was opened under (docs/product/licenses.md#terms).
 */
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { checkoutItems, checkouts, licenceTerms, purchases, type LicenceTermsRow, type PurchaseKind } from '../../db/schema.js';
import { upgradeLabel } from '../offers/upgrades.js';
import { dealNotes, nameWithDeals } from '../deals/pricing.js';

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
    title: nameWithDeals(leasePaidCents === null ? item.title : upgradeLabel(item.title, leasePaidCents), dealNotes(item, bulkDeal, couponCode)),
    priceCents: item.priceCents,
    terms,
  }));
}
