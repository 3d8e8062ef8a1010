/** Leads (docs/product/free-downloads.md#leads): who asked for a free download, for which beat, when, and where they stand with the mailing list. */
import { useId } from 'react';
import toast from 'react-hot-toast';
import { Download } from 'lucide-react';
import type { LeadState } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useExportLeadsCsv } from '../api/export-leads-csv';
import { useLeads } from '../api/get-leads';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { formatCount, formatUsDateTime } from '../lib/format';
import { AdminTable } from './admin-table';
import { Pagination } from './pagination';
import './admin-table.css';

const PAGE_SIZE = 20;

const stateLabels: Record<LeadState, string> = {
  'no-consent': 'No consent',
  'awaiting-confirmation': 'Awaiting confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

export function LeadsTable() {
  const headingId = useId();
  const pages = useCursorPages('leads');
  const leads = useLeads({ page: pages.page, cursor: pages.cursor, pageSize: PAGE_SIZE });
  const exportCsv = useExportLeadsCsv();
  const data = leads.data;

  async function onExport() {
    try {
      const name = await exportCsv.mutateAsync();
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
            Leads
            {data && <span className="admin-card__count">{formatCount(data.total)}</span>}
          </h2>
          <p className="admin-card__lead">
            Every free-download request, newest first. An address joins the mailing list only when it gave consent and followed its link.
          </p>
        </div>
        <div className="admin-card__tools">
          {data && leads.isFetching && <Spinner size="sm" label="Loading the leads" />}
          <Button variant="secondary" icon={<Download />} busy={exportCsv.isPending} busyLabel="Exporting..." onClick={() => void onExport()}>
            Export CSV
          </Button>
        </div>
      </div>
      <AdminTable
        labelledBy={headingId}
        query={leads}
        errorLead="The leads could not be loaded"
        columns={5}
        head={
          <>
            <th scope="col">E-mail</th>
            <th scope="col">Beat</th>
            <th scope="col">Requested</th>
            <th scope="col">Consent</th>
            <th scope="col">Mailing list</th>
          </>
        }
        rows={data?.leads}
        loadingLabel="Loading the leads"
        empty="No free-download requests yet."
        renderRow={(lead) => (
          <tr key={lead.id}>
            <td data-label="E-mail" className="admin-table__primary">{lead.email}</td>
            <td data-label="Beat">{lead.beatTitle}</td>
            <td data-label="Requested" className="is-nowrap">{formatUsDateTime(lead.createdAt)}</td>
            <td data-label="Consent">{lead.consent ? 'Yes' : 'No'}</td>
            <td data-label="Mailing list">
              {stateLabels[lead.state]}
              {lead.state === 'confirmed' && lead.confirmedAt && (
                <span className="admin-table__secondary">{formatUsDateTime(lead.confirmedAt)}</span>
              )}
            </td>
          </tr>
        )}
      />
      {data && (
        <Pagination
          pages={pages}
          pageSize={PAGE_SIZE}
          total={data.total}
          nextCursor={data.nextCursor}
          noun="leads"
          label="Leads pages"
          busy={leads.isPlaceholderData}
        />
      )}
    </section>
  );
}
