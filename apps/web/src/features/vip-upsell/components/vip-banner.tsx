/**
 * The yellow upsell banner (docs/product/screens-and-words.md#catalog-page): 'Get FULL access to the 300+ beats VIP catalog for $29'. The price
 * is the server's. Hidden for VIP members; visitors go to sign up; signed-in users get the purchase modal.
 */
import { useState } from 'react';
import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatShortPrice } from '../../../lib/format';
import { useAuth } from '../../auth';
import { useStoreConfig } from '../../../lib/store-config';
import { VipPlanModal } from './vip-plan-modal';
import './vip-banner.css';

export function VipBanner({ className }: { className?: string }) {
  const { isAuthenticated, isLoading, user } = useAuth();
  const config = useStoreConfig();
  const [open, setOpen] = useState(false);

  if (isLoading || user?.userType === 'vipUser' || !config.data) return null;
  const text = `Get FULL access to the 300+ beats VIP catalog for ${formatShortPrice(config.data.vipPlanPrice)}`;

  return (
    <aside className={['vip-banner', className].filter(Boolean).join(' ')} aria-label="VIP catalog offer">
      <span className="vip-banner__icon" aria-hidden="true">
        <Crown />
      </span>
      <p className="vip-banner__text">{text}</p>
      {isAuthenticated ? (
        <button type="button" className="vip-banner__cta" onClick={() => setOpen(true)}>
          GET ACCESS
        </button>
      ) : (
        <Link className="vip-banner__cta" to={paths.signup}>
          GET ACCESS
        </Link>
      )}
      <VipPlanModal open={open} onClose={() => setOpen(false)} />
    </aside>
  );
}
