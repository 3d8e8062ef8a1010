/**
 * Analytics ▸ Users (docs/product/screens-and-words.md#admin-screens): Serial No., Name, Email, Item (with the licence
 * tier bought), Amount, Paid in, Date — one row per purchase, with CSV export.
 */
import { useState } from 'react';
import { analyticsKindLabels, type AnalyticsPurchase } from '@beat/shared';
import { SearchBox } from '../../catalog';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useExportPurchasesCsv } from '../api/export-purchases-csv';
import { analyticsPurchasesQueryOptions } from '../api/get-analytics-purchases';
import { useKeysetQuery } from '../hooks/use-keyset-query';
import { formatMoney, formatUsDate } from '../lib/format';
import { AdminTable, CellLines, type AdminColumn } from './admin-table';
import { ExportCsvButton } from './export-csv-button';

const PAGE_SIZE = 15;

const columns: AdminColumn<AnalyticsPurchase>[] = [
  { label: 'Serial No.', numeric: true, cell: (p) => p.serialNo },
  { label: 'Name', className: 'is-nowrap', cell: (p) => p.name },
  { label: 'Email', className: 'admin-table__email', cell: (p) => p.email },
  {
    label: 'Item',
    className: 'admin-table__lead-cell',
    cell: (p) => (
      <CellLines primary={p.item}>
        {p.tier ? p.tier.name : analyticsKindLabels[p.kind]}
        {p.refunded && <span className="admin-pill admin-pill--refunded admin-table__inline-pill">Refunded</span>}
      </CellLines>
    ),
  },
  { label: 'Amount', numeric: true, className: 'is-nowrap', cell: (p) => formatMoney(p.amount) },
  { label: 'Paid in', cell: (p) => p.paidIn },
  { label: 'Date', className: 'is-nowrap', cell: (p) => formatUsDate(p.date) },
];

export function PurchasesTable() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const purchases = useKeysetQuery(q, PAGE_SIZE, (start) => analyticsPurchasesQueryOptions({ q: q || undefined, ...start }));
  const exportCsv = useExportPurchasesCsv();
  const data = purchases.query.data;

  return (
    <AdminTable
      title="Users"
      count={data?.total}
      lead="Every purchase, newest first. Deleted accounts keep their rows."
      tools={
        <div className="admin-card__tools">
          <SearchBox value={search} onChange={setSearch} label="Search name, email or item" busy={purchases.query.isFetching} className="admin-search" />
          <ExportCsvButton onExport={() => exportCsv.mutateAsync(q || undefined)} busy={exportCsv.isPending} />
        </div>
      }
      query={purchases.query}
      errorLead="The purchases could not be loaded"
      columns={columns}
      rowKey={(p) => p.id}
      rows={data?.purchases}
      loadingLabel="Loading purchases"
      empty={q ? `No purchase matches “${q}”.` : 'No purchases yet.'}
      paging={{ ...purchases.paging, noun: 'purchases', label: 'Purchases pages' }}
    />
  );
}
