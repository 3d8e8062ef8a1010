/** The audit log in the admin area: every admin change, who made it and when, newest first, paginated. */
import { useId } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useAuditLog } from '../api/get-audit-log';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { auditActionLabel, auditChanges, auditTargetName } from '../lib/audit-text';
import { formatUsDateTime } from '../lib/format';
import { AdminTable } from './admin-table';
import { Pagination } from './pagination';
import './admin-table.css';

const PAGE_SIZE = 10;

export function AuditLogPanel() {
  const headingId = useId();
  const pages = useCursorPages('audit');
  const log = useAuditLog({ page: pages.page, cursor: pages.cursor, pageSize: PAGE_SIZE });
  const data = log.data;
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <div className="admin-card__head">
        <div>
          <h2 id={headingId} className="admin-card__title">
            Audit log
          </h2>
          <p className="admin-card__lead">Every change made in the admin area: who, what, when, and what it was before.</p>
        </div>
        {data && log.isFetching && <Spinner size="sm" label="Loading the audit log" />}
      </div>
      <AdminTable
        labelledBy={headingId}
        query={log}
        errorLead="The audit log could not be loaded"
        columns={5}
        head={
          <>
            <th scope="col">When</th>
            <th scope="col">Admin</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Changes</th>
          </>
        }
        rows={data?.entries}
        loadingLabel="Loading the audit log"
        empty="No admin changes yet."
        renderRow={(entry) => {
          const changes = auditChanges(entry);
          return (
            <tr key={entry.id}>
              <td data-label="When" className="is-nowrap">{formatUsDateTime(entry.createdAt)}</td>
              <td data-label="Admin" className="is-nowrap">{entry.actorEmail}</td>
              <td data-label="Action" className="is-nowrap">{auditActionLabel(entry.action)}</td>
              <td data-label="Target">
                <span className="admin-table__primary">{auditTargetName(entry)}</span>
                <span className="admin-table__secondary">{entry.targetType}</span>
              </td>
              <td data-label="Changes" className="admin-table__muted">{changes.length ? changes.join(' · ') : '—'}</td>
            </tr>
          );
        }}
      />
      {data && (
        <Pagination
          pages={pages}
          pageSize={PAGE_SIZE}
          total={data.total}
          nextCursor={data.nextCursor}
          noun="changes"
          label="Audit log pages"
          busy={log.isPlaceholderData}
        />
      )}
    </section>
  );
}
