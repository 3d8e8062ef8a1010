/**
 * /purchase-history: every purchase, newest first, 50 at a time with "Load more" — a table on wide screens, cards on
 * phones. A license superseded by an upgrade or refunded carries a badge; an upgrade says what it replaced
 * (docs/product/licenses.md#upgrades).
 */
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { licenseVerifyPath, type User } from '@beat/shared';
import { ButtonLink } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { libraryPath, paths } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';
import { useRecentPurchases } from '../api/get-recent-purchases';
import { formatPurchaseDate } from '../lib/format-date';
import { purchaseTypeName } from '../lib/purchase-type';
import { LicenceButton } from './licence-button';
import { NoPurchases } from './no-purchases';
import { KeepAmountTogether } from '../../cart';
import { LicenceStatusBadge, licenceNote } from './licence-status';
import './purchases.css';

/** Purchases per page of the history. */
const PAGE = 50;

export function PurchaseHistory({ user }: { user: User }) {
  const purchases = useRecentPurchases(user._id, PAGE);
  if (purchases.isPending) {
    return (
      <div className="dash-loading">
        <Spinner size="lg" label="Loading your purchases" />
      </div>
    );
  }
  if (purchases.isError) {
    return <LoadFailed title="Your purchases could not be loaded." query={purchases} />;
  }
  const rows = purchases.data ?? [];
  if (rows.length === 0) {
    return (
      <NoPurchases>
        <p>Everything you buy is listed here, with its license agreement.</p>
        <ButtonLink to={paths.home} size="sm">
          Browse beats
        </ButtonLink>
      </NoPurchases>
    );
  }
  const total = rows.filter((r) => !r.refunded).reduce((sum, r) => sum + r.price, 0);
  return (
    <div className="ph">
      <p className="ph__summary">
        {/* The sum is only shown once every purchase is loaded. */}
        {purchases.hasNextPage
          ? `The latest ${rows.length} purchases`
          : `${rows.length} ${rows.length === 1 ? 'purchase' : 'purchases'} · ${formatPrice(total)} in total`}
      </p>
      <table className="ph-table">
        <caption className="visually-hidden">Your purchases, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Purchase Date</th>
            <th scope="col">Item</th>
            <th scope="col">Purchase Type</th>
            <th scope="col" className="ph-table__num">
              Price
            </th>
            <th scope="col">
              <span className="visually-hidden">Downloads and license</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => {
            const note = licenceNote(p);
            return (
              <tr key={p._id} className={p.status === 'valid' ? undefined : `is-${p.status}`}>
                <td data-label="Purchase Date">{formatPurchaseDate(p.paymentDate)}</td>
                <th scope="row" data-label="Item" className="ph-table__item">
                  {p.beatTitle}
                  {note && (
                    <span className="lic-note">
                      <KeepAmountTogether text={note} />
                    </span>
                  )}
                  {/* Anyone may check the license by its id (docs/product/licenses.md#verification). */}
                  <Link to={licenseVerifyPath(p.licenseId)} className="ph-licence-id">
                    License {p.licenseId}
                  </Link>
                </th>
                <td data-label="Purchase Type">
                  <span className="ph-type-cell">
                    <span className={`ph-type ph-type--${p.kind}`}>{purchaseTypeName(p)}</span>
                    <LicenceStatusBadge purchase={p} />
                  </span>
                </td>
                <td data-label="Price" className="ph-table__num">
                  {formatPrice(p.price)}
                </td>
                <td className="ph-table__action">
                  {!p.refunded && (
                    <span className="ph-actions">
                      {/* The beat's files in the library; a VIP plan's are the whole VIP catalog there. */}
                      <ButtonLink
                        to={p.beatId ? libraryPath({ beat: p.beatId }) : paths.library}
                        size="sm"
                        variant="ghost"
                        icon={<Download aria-hidden="true" />}
                        aria-label={`Downloads: ${p.beatTitle}`}
                      >
                        Downloads
                      </ButtonLink>
                      <LicenceButton purchaseId={p._id} itemName={p.beatTitle} />
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <LoadMore pages={purchases} className="dash-more" />
    </div>
  );
}
