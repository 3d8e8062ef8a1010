/** /admin/licenses: each offer's license terms, the text of its PDF and the numbers buyers compare (docs/product/licenses.md#terms). */
import { AdminPage, LicenceTermsPanels } from '../../features/admin';

export function AdminLicensesPage() {
  return (
    <AdminPage title="Licenses" lead="What each license grants: the terms printed on the buyer's PDF and the short list shown before paying.">
      <LicenceTermsPanels />
    </AdminPage>
  );
}
