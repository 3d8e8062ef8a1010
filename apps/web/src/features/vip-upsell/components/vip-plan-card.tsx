/**
 * What the VIP plan gives (docs/product/offers-and-prices.md#vip-plan), with the server's price and the plan's license
 * terms (docs/product/licenses.md#terms). Shared by the purchase modal and the "Get this beat" dialog.
 */
import type { ReactNode } from 'react';
import { Check, Crown } from 'lucide-react';
import { formatPrice } from '../../../lib/format';
import { LicenseTermsSummary } from '../../cart';
import './vip-plan-card.css';

export const vipPlanFeatures = [
  'Over 300 beats',
  'MP3 and WAV files',
  'Non-exclusive licenses',
  '100% royalties',
  'Up to 5 new beats a week',
] as const;

export interface VipPlanCardProps {
  price: number | undefined;
  action?: ReactNode;
  compact?: boolean;
}

export function VipPlanCard({ price, action, compact = false }: VipPlanCardProps) {
  return (
    <div className={['vip-card', compact && 'vip-card--compact'].filter(Boolean).join(' ')}>
      <div className="vip-card__top">
        <span className="vip-card__icon" aria-hidden="true">
          <Crown />
        </span>
        <div>
          <p className="vip-card__name">VIP Catalog</p>
          <p className="vip-card__note">One payment, lifetime access</p>
        </div>
        <p className="vip-card__price">
          {price === undefined ? '—' : formatPrice(price)}
        </p>
      </div>
      <ul className="vip-card__features">
        {vipPlanFeatures.map((feature) => (
          <li key={feature}>
            <Check aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <LicenseTermsSummary offer="vipPlan" collapsible />
      {action}
    </div>
  );
}
