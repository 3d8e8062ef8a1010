/** The table of an admin card: its error state, the scrolling region, and the loading and empty rows every list shares. */
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import './admin-table.css';

export interface AdminTableProps<Row> {
  /** The card heading's id: names the scrolling region. */
  labelledBy: string;
  query: { isError: boolean; error: unknown; isPlaceholderData: boolean; refetch: () => unknown };
  /** "The users could not be loaded" — the error's own message follows it. */
  errorLead: string;
  /** The header cells (`<th>`). */
  head: ReactNode;
  columns: number;
  /** undefined while the first page loads. */
  rows: Row[] | undefined;
  loadingLabel: string;
  empty: ReactNode;
  renderRow: (row: Row) => ReactNode;
  /** Extra class on the <table>, for a list's own column widths. */
  className?: string;
}

export function AdminTable<Row>({ labelledBy, query, errorLead, head, columns, rows, loadingLabel, empty, renderRow, className }: AdminTableProps<Row>) {
  if (query.isError) {
    return (
      <div className="admin-state" role="alert">
        <p>
          {errorLead}: {errorMessage(query.error)}
        </p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="admin-table-scroll" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className={['admin-table', query.isPlaceholderData && 'admin-table--busy', className].filter(Boolean).join(' ')}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>
          {!rows ? (
            <tr>
              <td colSpan={columns} className="admin-table__empty">
                <Spinner size="md" label={loadingLabel} />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns} className="admin-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map(renderRow)
          )}
        </tbody>
      </table>
    </div>
  );
}
