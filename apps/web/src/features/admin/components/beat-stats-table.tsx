/** Analytics ▸ Beats: plays, favourites, sales and revenue per beat; every column header sorts (server-side). */
import { useId, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { SearchBox } from '../../catalog';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useAnalyticsBeats, type BeatSort } from '../api/get-analytics-beats';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { formatCount, formatMoney } from '../lib/format';
import { AdminTable } from './admin-table';
import { Pagination } from './pagination';
import './admin-table.css';

const PAGE_SIZE = 15;

const columns: { sort: BeatSort; label: string; numeric: boolean }[] = [
  { sort: 'title', label: 'Beat', numeric: false },
  { sort: 'plays', label: 'Plays', numeric: true },
  { sort: 'favourites', label: 'Favourites', numeric: true },
  { sort: 'sales', label: 'Sales', numeric: true },
  { sort: 'revenue', label: 'Revenue', numeric: true },
];

export function BeatStatsTable() {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<{ sort: BeatSort; order: 'asc' | 'desc' }>({ sort: 'revenue', order: 'desc' });
  const pages = useCursorPages(`${q}|${sort.sort}|${sort.order}`);
  const stats = useAnalyticsBeats({ q: q || undefined, page: pages.page, cursor: pages.cursor, pageSize: PAGE_SIZE, ...sort });
  const data = stats.data;

  function sortBy(column: BeatSort) {
    setSort((s) =>
      s.sort === column ? { sort: column, order: s.order === 'desc' ? 'asc' : 'desc' } : { sort: column, order: column === 'title' ? 'asc' : 'desc' },
    );
  }

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <div className="admin-card__head">
        <div>
          <h2 id={headingId} className="admin-card__title">
            Beats
            {data && <span className="admin-card__count">{formatCount(data.total)}</span>}
          </h2>
          <p className="admin-card__lead">All time, refunds left out. Choose a column to sort by it.</p>
        </div>
        <SearchBox value={search} onChange={setSearch} label="Search beat titles" busy={stats.isFetching} className="admin-search" />
      </div>

      <AdminTable
        labelledBy={headingId}
        query={stats}
        errorLead="The beat numbers could not be loaded"
        columns={5}
        head={
          <>
            {columns.map((c) => {
              const active = sort.sort === c.sort;
              const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
              return (
                <th
                  key={c.sort}
                  scope="col"
                  className={c.numeric ? 'is-num' : undefined}
                  aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <button type="button" className={active ? 'admin-sort is-active' : 'admin-sort'} onClick={() => sortBy(c.sort)}>
                    {c.label}
                    <Icon aria-hidden="true" />
                  </button>
                </th>
              );
            })}
          </>
        }
        rows={data?.beats}
        loadingLabel="Loading beat numbers"
        empty={q ? `No beat matches “${q}”.` : 'No beats yet.'}
        renderRow={(b) => (
          <tr key={b.beatId}>
            <td data-label="Beat">
              <span className="admin-table__primary">{b.beatTitle}</span>
              <span className="admin-table__secondary">
                {b.artistName} · {b.beatType}
                {b.status !== 'published' && ` · ${b.status}`}
              </span>
            </td>
            <td data-label="Plays" className="is-num">{formatCount(b.plays)}</td>
            <td data-label="Favourites" className="is-num">{formatCount(b.favourites)}</td>
            <td data-label="Sales" className="is-num">{formatCount(b.sales)}</td>
            <td data-label="Revenue" className="is-num is-nowrap">{formatMoney(b.revenue)}</td>
          </tr>
        )}
      />
      {data && (
        <Pagination
          pages={pages}
          pageSize={PAGE_SIZE}
          total={data.total}
          nextCursor={data.nextCursor}
          noun="beats"
          label="Beat numbers pages"
          busy={stats.isPlaceholderData}
        />
      )}
    </section>
  );
}
