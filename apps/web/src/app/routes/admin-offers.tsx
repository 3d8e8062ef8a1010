/** /admin/offers: offers on exclusives, accepted, declined or countered (docs/product/exclusive-offers.md#admin--offers). */
import { AdminPage } from '../../features/admin';
import { AdminOffers } from '../../features/exclusive-offers';

export function AdminOffersPage() {
  return (
    <AdminPage
      title="Offers"
      lead="Buyers’ offers on exclusives. Accept one and the buyer can pay that amount for 48 hours, the beat held for them; counter with one amount and a message, or decline."
    >
      <AdminOffers />
    </AdminPage>
  );
}
