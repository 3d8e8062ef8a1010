/** Analytics ▸ Beats: plays, favourites, sales and revenue per beat; every column header sorts (server-side). */
import { useState } from 'react';
import type { AnalyticsBeat } from '@beat/shared';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { SearchBox } from '../../catalog';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { analyticsBeatsQueryOptions, type BeatSort } from '../api/get-analytics-beats';
import { useKeysetQuery } from '../hooks/use-keyset-query';
import { formatCount, formatMoney } from '../lib/format';
import { AdminTable, CellLines, type AdminColumn } from './admin-table';

const PAGE_SIZE = 15;

/** Every column sorts the list by its own `sort`. */
const sortable: (AdminColumn<AnalyticsBeat> & { sort: BeatSort })[] = [
  {
    sort: 'title',
    label: 'Beat',
    cell: (b) => (
      <CellLines primary={b.beatTitle}>
        {b.artistName} · {b.beatType}
        {b.status !== 'published' && ` · ${b.status}`}
      </CellLines>
    ),
  },
  { sort: 'plays', label: 'Plays', numeric: true, cell: (b) => formatCount(b.plays) },
  { sort: 'favourites', label: 'Favourites', numeric: true, cell: (b) => formatCount(b.favourites) },
  { sort: 'sales', label: 'Sales', numeric: true, cell: (b) => formatCount(b.sales) },
  { sort: 'revenue', label: 'Revenue', numeric: true, className: 'is-nowrap', cell: (b) => formatMoney(b.revenue) },
];

export function BeatStatsTable() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<{ sort: BeatSort; order: 'asc' | 'desc' }>({ sort: 'revenue', order: 'desc' });
  const stats = useKeysetQuery(`${q}|${sort.sort}|${sort.order}`, PAGE_SIZE, (start) =>
    analyticsBeatsQueryOptions({ q: q || undefined, ...start, ...sort }),
  );
  const data = stats.query.data;

  function sortBy(column: BeatSort) {
    setSort((s) =>
      s.sort === column ? { sort: column, order: s.order === 'desc' ? 'asc' : 'desc' } : { sort: column, order: column === 'title' ? 'asc' : 'desc' },
    );
  }

  const columns = sortable.map(({ sort: column, ...c }): AdminColumn<AnalyticsBeat> => {
    const active = sort.sort === column;
    const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
    return {
      ...c,
      ariaSort: active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined,
      header: (
        <button type="button" className={active ? 'admin-sort is-active' : 'admin-sort'} onClick={() => sortBy(column)}>
          {c.label}
          <Icon aria-hidden="true" />
        </button>
      ),
    };
  });

  return (
    <AdminTable
      title="Beats"
      count={data?.total}
      lead="All time, refunds left out. Choose a column to sort by it."
      tools={<SearchBox value={search} onChange={setSearch} label="Search beat titles" busy={stats.query.isFetching} className="admin-search" />}
      query={stats.query}
      errorLead="The beat numbers could not be loaded"
      columns={columns}
      rowKey={(b) => b.beatId}
      rows={data?.beats}
      loadingLabel="Loading beat numbers"
      empty={q ? `No beat matches “${q}”.` : 'No beats yet.'}
      paging={{ ...stats.paging, noun: 'beats', label: 'Beat numbers pages' }}
    />
  );
}
