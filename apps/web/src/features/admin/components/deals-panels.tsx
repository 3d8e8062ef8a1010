/** Admin → Deals (docs/product/deals.md): the store's bulk deal on MP3 leases, then its coupon codes. */
import { BulkDealSection } from './bulk-deal-section';
import { CouponsSection } from './coupons-section';
import './deals.css';

export function DealsPanels() {
  return (
    <div className="deals-panels">
      <BulkDealSection />
      <CouponsSection />
    </div>
  );
}
