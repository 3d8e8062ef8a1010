/** Leads (docs/product/free-downloads.md#leads): who asked for a free download, for which beat, when, and where they stand with the mailing list. */
import type { Lead, LeadState } from '@beat/shared';
import { Spinner } from '../../../components/ui/spinner';
import { useExportLeadsCsv } from '../api/export-leads-csv';
import { leadsQueryOptions } from '../api/get-leads';
import { useKeysetQuery } from '../hooks/use-keyset-query';
import { formatUsDateTime } from '../lib/format';
import { AdminTable, type AdminColumn } from './admin-table';
import { ExportCsvButton } from './export-csv-button';

const PAGE_SIZE = 20;

const stateLabels: Record<LeadState, string> = {
  'no-consent': 'No consent',
  'awaiting-confirmation': 'Awaiting confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

const columns: AdminColumn<Lead>[] = [
  { label: 'E-mail', className: 'admin-table__primary', cell: (lead) => lead.email },
  { label: 'Beat', cell: (lead) => lead.beatTitle },
  { label: 'Requested', className: 'is-nowrap', cell: (lead) => formatUsDateTime(lead.createdAt) },
  { label: 'Consent', cell: (lead) => (lead.consent ? 'Yes' : 'No') },
  {
    label: 'Mailing list',
    cell: (lead) => (
      <>
        {stateLabels[lead.state]}
        {lead.state === 'confirmed' && lead.confirmedAt && <span className="admin-table__secondary">{formatUsDateTime(lead.confirmedAt)}</span>}
      </>
    ),
  },
];

export function LeadsTable() {
  const leads = useKeysetQuery('leads', PAGE_SIZE, leadsQueryOptions);
  const exportCsv = useExportLeadsCsv();
  const data = leads.query.data;

  return (
    <AdminTable
      title="Leads"
      count={data?.total}
      lead="Every free-download request, newest first. An address joins the mailing list only when it gave consent and followed its link."
      tools={
        <div className="admin-card__tools">
          {data && leads.query.isFetching && <Spinner size="sm" label="Loading the leads" />}
          <ExportCsvButton onExport={() => exportCsv.mutateAsync()} busy={exportCsv.isPending} />
        </div>
      }
      query={leads.query}
      errorLead="The leads could not be loaded"
      columns={columns}
      rowKey={(lead) => lead.id}
      rows={data?.leads}
      loadingLabel="Loading the leads"
      empty="No free-download requests yet."
      paging={{ ...leads.paging, noun: 'leads', label: 'Leads pages' }}
    />
  );
}
