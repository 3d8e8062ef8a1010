/**
 * A license's status where purchases are listed (docs/product/licenses.md#upgrades): a "Superseded" badge on a lease
 * an upgrade replaced, "Refunded" on a refunded purchase, nothing on a valid one; and the line under an upgrade.
 */
import type { Purchase } from '@beat/shared';
import { upgradeWords } from '../../cart';

export function LicenceStatusBadge({ purchase }: { purchase: Pick<Purchase, 'status'> }) {
  if (purchase.status === 'valid') return null;
  return (
    <span className={`lic-status lic-status--${purchase.status}`}>{purchase.status === 'superseded' ? 'Superseded' : 'Refunded'}</span>
  );
}

/** What a purchase's status or upgrade adds under its title, if anything. */
export function licenceNote(purchase: Pick<Purchase, 'status' | 'upgradedFromPaid'>): string | null {
  if (purchase.status === 'superseded') return 'Replaced by the exclusive';
  if (purchase.upgradedFromPaid !== undefined) return upgradeWords.purchase(purchase.upgradedFromPaid);
  return null;
}
