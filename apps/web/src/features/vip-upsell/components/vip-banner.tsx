/**
 * The yellow upsell banner (docs/product/screens-and-words.md#catalog-page): 'Get FULL access to the 300+ beats VIP catalog for $29'. The price
 * is the server's. Hidden for VIP members; visitors go to sign up; signed-in users get the purchase modal.
 */
import { lazy, Suspense, useState } from 'react';
import { Crown } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { vipSignupPath } from '../../../config/paths';
import { formatShortPrice } from '../../../lib/format';
import { useAuth } from '../../auth';
import { useStoreConfig } from '../../../lib/store-config';
import './vip-banner.css';

// The purchase modal and its checkout load with the first press of GET ACCESS, not with the catalog.
const VipPlanModal = lazy(() => import('./vip-plan-modal').then((module) => ({ default: module.VipPlanModal })));

export function VipBanner({ className }: { className?: string }) {
  const { isAuthenticated, isLoading, user } = useAuth();
  const config = useStoreConfig();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the modal's own exit.
  const [opened, setOpened] = useState(false);
  const location = useLocation();

  if (isLoading || user?.userType === 'vipUser' || !config.data) return null;
  const text = `Get FULL access to the 300+ beats VIP catalog for ${formatShortPrice(config.data.vipPlanPrice)}`;

  return (
    <aside className={['vip-banner', className].filter(Boolean).join(' ')} aria-label="VIP catalog offer">
      <span className="vip-banner__icon" aria-hidden="true">
        <Crown />
      </span>
      <p className="vip-banner__text">{text}</p>
      {isAuthenticated ? (
        <button
          type="button"
          className="vip-banner__cta"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          GET ACCESS
        </button>
      ) : (
        // Visitors sign up for the plan, told its name and price, and come back here (docs/product/screens-and-words.md#visitors).
        <Link className="vip-banner__cta" to={vipSignupPath(location.pathname + location.search)}>
          GET ACCESS
        </Link>
      )}
      {opened && (
        <Suspense fallback={null}>
          <VipPlanModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </aside>
  );
}
