/** /admin/deals: the bulk deal on MP3 leases and the coupon codes (docs/product/deals.md). */
import { AdminPage, DealsPanels } from '../../features/admin';

export function AdminDealsPage() {
  return (
    <AdminPage title="Deals" lead="The bulk deal on MP3 leases and the coupon codes buyers type in the cart. The bulk deal applies first; a coupon then applies to what remains to pay.">
      <DealsPanels />
    </AdminPage>
  );
}
