/**
 * /admin/licenses: the store's licence tiers, a tier's price on many beats at once, and each license's terms, the text of
 * its PDF and the numbers buyers compare (docs/product/licenses.md#tiers, #terms).
 */
import { AdminPage, LicensesPanels } from '../../features/admin';

export function AdminLicensesPage() {
  return (
    <AdminPage title="Licenses" lead="The tiers each beat is sold as, and what each license grants: the terms printed on the buyer's PDF and the short list shown before paying.">
      <LicensesPanels />
    </AdminPage>
  );
}
