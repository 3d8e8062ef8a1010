/** Analytics ▸ Users (docs/product/screens-and-words.md#admin-screens): Serial No., Name, Email, Item, Amount, Paid in, Date — one row per purchase, with CSV export. */
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Download } from 'lucide-react';
import { analyticsKindLabels } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { SearchBox } from '../../catalog';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useExportPurchasesCsv } from '../api/export-purchases-csv';
import { useAnalyticsPurchases } from '../api/get-analytics-purchases';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { formatCount, formatMoney, formatUsDate } from '../lib/format';
import { AdminTable } from './admin-table';
import { Pagination } from './pagination';
import './admin-table.css';

const PAGE_SIZE = 15;

export function PurchasesTable() {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const pages = useCursorPages(q);
  const purchases = useAnalyticsPurchases({ q: q || undefined, page: pages.page, cursor: pages.cursor, pageSize: PAGE_SIZE });
  const exportCsv = useExportPurchasesCsv();
  const data = purchases.data;

  async function onExport() {
    try {
      const name = await exportCsv.mutateAsync(q || undefined);
      toast.success(`${name} downloaded`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <div className="admin-card__head">
        <div>
          <h2 id={headingId} className="admin-card__title">
            Users
            {data && <span className="admin-card__count">{formatCount(data.total)}</span>}
          </h2>
          <p className="admin-card__lead">Every purchase, newest first. Deleted accounts keep their rows.</p>
        </div>
        <div className="admin-card__tools">
          <SearchBox value={search} onChange={setSearch} label="Search name, email or item" busy={purchases.isFetching} className="admin-search" />
          <Button variant="secondary" icon={<Download />} busy={exportCsv.isPending} busyLabel="Exporting..." onClick={() => void onExport()}>
            Export CSV
          </Button>
        </div>
      </div>

      <AdminTable
        labelledBy={headingId}
        query={purchases}
        errorLead="The purchases could not be loaded"
        columns={7}
        head={
          <>
            <th scope="col" className="is-num">
              Serial No.
            </th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Item</th>
            <th scope="col" className="is-num">
              Amount
            </th>
            <th scope="col">Paid in</th>
            <th scope="col">Date</th>
          </>
        }
        rows={data?.purchases}
        loadingLabel="Loading purchases"
        empty={q ? `No purchase matches “${q}”.` : 'No purchases yet.'}
        renderRow={(p) => (
          <tr key={p.id}>
            <td data-label="Serial No." className="is-num">{p.serialNo}</td>
            <td data-label="Name" className="is-nowrap">{p.name}</td>
            <td data-label="Email" className="admin-table__email">{p.email}</td>
            <td data-label="Item" className="admin-table__lead-cell">
              <span className="admin-table__primary">{p.item}</span>
              <span className="admin-table__secondary">
                {analyticsKindLabels[p.kind]}
                {p.refunded && <span className="admin-pill admin-pill--refunded admin-table__inline-pill">Refunded</span>}
              </span>
            </td>
            <td data-label="Amount" className="is-num is-nowrap">{formatMoney(p.amount)}</td>
            <td data-label="Paid in">{p.paidIn}</td>
            <td data-label="Date" className="is-nowrap">{formatUsDate(p.date)}</td>
          </tr>
        )}
      />
      {data && (
        <Pagination
          pages={pages}
          pageSize={PAGE_SIZE}
          total={data.total}
          nextCursor={data.nextCursor}
          noun="purchases"
          label="Purchases pages"
          busy={purchases.isPlaceholderData}
        />
      )}
    </section>
  );
}
