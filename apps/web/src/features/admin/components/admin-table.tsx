/**
 * The card of every admin list: its heading (with the count, the lead and the tools beside it), the table or its
 * error, the loading and empty rows, Previous / Next for a paged list, and whatever the list opens (its dialogs).
 */
import { useId, type Key, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import type { KeysetPaging } from '../hooks/use-keyset-query';
import { formatCount } from '../lib/format';
import { LoadError } from './load-error';
import { Pagination } from './pagination';
import './admin-table.css';

export interface AdminColumn<Row> {
  /** The header's text, and each cell's `data-label` (a phone shows it before the value). */
  label: string;
  /** What the header shows instead of the label: a sort button. */
  header?: ReactNode;
  /** The header names the column for screen readers only (a column of buttons). */
  hideLabel?: boolean;
  /** Right-aligned (`is-num`), header and cells. */
  numeric?: boolean;
  /** The header's own classes, where they differ from the cells'. */
  headClassName?: string;
  /** More classes on each cell. */
  className?: string;
  /** The header's `aria-sort`, for the column the list is sorted by. */
  ariaSort?: 'ascending' | 'descending';
  cell: (row: Row) => ReactNode;
}

export interface AdminTableProps<Row> {
  title: ReactNode;
  /** The badge beside the title, once known. */
  count?: number;
  /** The line under the title. */
  lead?: ReactNode;
  /** Beside the heading: search, export, a refresh spinner. */
  tools?: ReactNode;
  query: { isError: boolean; error: unknown; isPlaceholderData: boolean; refetch: () => unknown };
  /** "The users could not be loaded" — the error's own message follows it. */
  errorLead: string;
  columns: AdminColumn<Row>[];
  rowKey: (row: Row) => Key;
  /** undefined while the first page loads. */
  rows: Row[] | undefined;
  loadingLabel: string;
  empty: ReactNode;
  /** Previous / Next under the table, for a list read a page at a time (`useKeysetQuery`). */
  paging?: KeysetPaging & {
    /** "users", "beats", "purchases" — what the total counts. */
    noun: string;
    /** Names the control for screen readers, e.g. "Leases pages". */
    label: string;
  };
  /** Extra class on the <table>, for a list's own column widths. */
  className?: string;
  /** After the table: the list's dialogs. */
  children?: ReactNode;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

export function AdminTable<Row>(props: AdminTableProps<Row>) {
  const { title, count, lead, tools, query, errorLead, columns, paging, children } = props;
  const headingId = useId();
  const heading = (
    <h2 id={headingId} className="admin-card__title">
      {title}
      {count !== undefined && <span className="admin-card__count">{formatCount(count)}</span>}
    </h2>
  );
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <div className="admin-card__head">
        {lead === undefined ? (
          heading
        ) : (
          <div>
            {heading}
            <p className="admin-card__lead">{lead}</p>
          </div>
        )}
        {tools}
      </div>
      {query.isError ? (
        <LoadError query={query} lead={errorLead} />
      ) : (
        <div className="admin-table-scroll" tabIndex={0} role="region" aria-labelledby={headingId}>
          <table className={classes('admin-table', query.isPlaceholderData && 'admin-table--busy', props.className)} aria-labelledby={headingId}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.label} scope="col" className={c.headClassName ?? classes(c.numeric && 'is-num')} aria-sort={c.ariaSort}>
                    {c.header ?? (c.hideLabel ? <span className="visually-hidden">{c.label}</span> : c.label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <TableRows {...props} />
            </tbody>
          </table>
        </div>
      )}
      {paging?.page && (
        <Pagination
          pages={paging.pages}
          pageSize={paging.pageSize}
          total={paging.page.total}
          nextCursor={paging.page.nextCursor}
          noun={paging.noun}
          label={paging.label}
          busy={query.isPlaceholderData}
        />
      )}
      {children}
    </section>
  );
}

/** The rows, or the one row that says the list is loading or empty. */
function TableRows<Row>({ columns, rowKey, rows, loadingLabel, empty }: AdminTableProps<Row>) {
  if (!rows || rows.length === 0) {
    return (
      <tr>
        <td colSpan={columns.length} className="admin-table__empty">
          {rows ? empty : <Spinner size="md" label={loadingLabel} />}
        </td>
      </tr>
    );
  }
  return rows.map((row) => (
    <tr key={rowKey(row)}>
      {columns.map((c) => (
        <td key={c.label} data-label={c.label} className={classes(c.numeric && 'is-num', c.className)}>
          {c.cell(row)}
        </td>
      ))}
    </tr>
  ));
}

/** A cell's main line and the muted line under it (a beat's title, then its artist and type). */
export function CellLines({ primary, children }: { primary: ReactNode; children: ReactNode }) {
  return (
    <>
      <span className="admin-table__primary">{primary}</span>
      <span className="admin-table__secondary">{children}</span>
    </>
  );
}
