/** The audit log in the admin area: every admin change, who made it and when, newest first, paginated. */
import type { AuditEntry } from '@beat/shared';
import { Spinner } from '../../../components/ui/spinner';
import { auditLogQueryOptions } from '../api/get-audit-log';
import { useKeysetQuery } from '../hooks/use-keyset-query';
import { auditActionLabel, auditChanges, auditTargetName } from '../lib/audit-text';
import { formatUsDateTime } from '../lib/format';
import { AdminTable, CellLines, type AdminColumn } from './admin-table';

const PAGE_SIZE = 10;

const columns: AdminColumn<AuditEntry>[] = [
  { label: 'When', className: 'is-nowrap', cell: (entry) => formatUsDateTime(entry.createdAt) },
  { label: 'Admin', className: 'is-nowrap', cell: (entry) => entry.actorEmail },
  { label: 'Action', className: 'is-nowrap', cell: (entry) => auditActionLabel(entry.action) },
  { label: 'Target', cell: (entry) => <CellLines primary={auditTargetName(entry)}>{entry.targetType}</CellLines> },
  {
    label: 'Changes',
    className: 'admin-table__muted',
    cell: (entry) => {
      const changes = auditChanges(entry);
      return changes.length ? changes.join(' · ') : '—';
    },
  },
];

export function AuditLogPanel() {
  const log = useKeysetQuery('audit', PAGE_SIZE, auditLogQueryOptions);
  return (
    <AdminTable
      title="Audit log"
      lead="Every change made in the admin area: who, what, when, and what it was before."
      tools={log.query.data && log.query.isFetching && <Spinner size="sm" label="Loading the audit log" />}
      query={log.query}
      errorLead="The audit log could not be loaded"
      columns={columns}
      rowKey={(entry) => entry.id}
      rows={log.query.data?.entries}
      loadingLabel="Loading the audit log"
      empty="No admin changes yet."
      paging={{ ...log.paging, noun: 'changes', label: 'Audit log pages' }}
    />
  );
}
