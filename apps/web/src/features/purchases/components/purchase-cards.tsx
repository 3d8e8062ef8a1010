/**
 * The dashboard's purchase cards (docs/product/screens-and-words.md#account-pages): Purchase Type, Price and Purchase
 * Date (MM/DD/YYYY), or 'No Purchases Yet'; a license superseded by an upgrade or refunded says so
 * (docs/product/licenses.md#upgrades).
 */
import type { ReactNode } from 'react';
import { Crown, FileAudio, Gem, Layers } from 'lucide-react';
import type { Purchase, PurchaseKind } from '@beat/shared';
import { formatPrice } from '../../../lib/format';
import { formatPurchaseDate } from '../lib/format-date';
import { purchaseTypeName } from '../lib/purchase-type';
import { LicenceButton } from './licence-button';
import { NoPurchases } from './no-purchases';
import { KeepAmountTogether } from '../../cart';
import { LicenceStatusBadge, licenceNote } from './licence-status';

const icons: Record<PurchaseKind, ReactNode> = {
  lease: <FileAudio />,
  stems: <Layers />,
  exclusive: <Gem />,
  vipPlan: <Crown />,
};

export function PurchaseCards({ purchases }: { purchases: Purchase[] }) {
  if (purchases.length === 0) {
    return (
      <NoPurchases>
        <p>Your beats, stems and licenses appear here after your first purchase.</p>
      </NoPurchases>
    );
  }
  return (
    <ul className="pc-grid" aria-label="Purchases">
      {purchases.map((p) => {
        const note = licenceNote(p);
        return (
          <li key={p._id} className={['card', 'pc-card', `pc-card--${p.kind}`, p.status !== 'valid' && `pc-card--${p.status}`].filter(Boolean).join(' ')}>
            <div className="pc-card__head">
              <span className="pc-card__icon" aria-hidden="true">
                {icons[p.kind]}
              </span>
              <p className="pc-card__title" title={p.beatTitle}>
                {p.beatTitle}
              </p>
            </div>
            {(p.status !== 'valid' || note) && (
              <p className="pc-card__status">
                <LicenceStatusBadge purchase={p} />
                {note && (
                  <span>
                    <KeepAmountTogether text={note} />
                  </span>
                )}
              </p>
            )}
            <dl className="pc-card__facts">
              <div>
                <dt>Purchase Type</dt>
                <dd>{purchaseTypeName(p)}</dd>
              </div>
              <div>
                <dt>Price</dt>
                <dd>{formatPrice(p.price)}</dd>
              </div>
              <div>
                <dt>Purchase Date</dt>
                <dd>{formatPurchaseDate(p.paymentDate)}</dd>
              </div>
            </dl>
            {!p.refunded && <LicenceButton purchaseId={p._id} itemName={p.beatTitle} />}
          </li>
        );
      })}
    </ul>
  );
}
