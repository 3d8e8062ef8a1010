/** /admin/leads: free-download requests and their mailing-list state, with a CSV export (docs/product/free-downloads.md#leads). */
import { AdminPage, LeadsTable } from '../../features/admin';

export function AdminLeadsPage() {
  return (
    <AdminPage title="Leads" lead="Addresses that asked for a free download, and whether they joined the mailing list.">
      <LeadsTable />
    </AdminPage>
  );
}
