import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { useKeysetQuery, type PageStart } from '../hooks/use-keyset-query';
import { AdminTable, CellLines, type AdminColumn } from './admin-table';

interface Fruit {
  id: string;
  name: string;
  origin: string;
  stock: number;
}
interface FruitsPage {
  fruits: Fruit[];
  total: number;
  nextCursor: string | null;
}

const fruits: Fruit[] = [
  { id: 'f1', name: 'Apple', origin: 'Kent', stock: 12 },
  { id: 'f2', name: 'Banana', origin: 'Ecuador', stock: 3 },
  { id: 'f3', name: 'Cherry', origin: 'Jerte', stock: 40 },
];

/** A keyset-paged server: `cursor` is the id the page starts after. */
function fruitsServer(all: Fruit[]) {
  return (url: string) => {
    const params = new URL(url, 'http://store.test').searchParams;
    const pageSize = Number(params.get('pageSize'));
    const after = params.get('cursor');
    const start = after ? all.findIndex((f) => f.id === after) + 1 : 0;
    const page = all.slice(start, start + pageSize);
    const more = start + pageSize < all.length;
    return jsonResponse({ fruits: page, total: all.length, nextCursor: more ? (page.at(-1)?.id ?? null) : null });
  };
}

const fruitsQueryOptions = (start: PageStart) =>
  queryOptions({
    queryKey: ['fruits', start],
    queryFn: ({ signal }) => api<FruitsPage>(`/api/fruits?page=${start.page}&pageSize=${start.pageSize}${start.cursor ? `&cursor=${start.cursor}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });

const columns: AdminColumn<Fruit>[] = [
  { label: 'Fruit', cell: (f) => <CellLines primary={f.name}>{f.origin}</CellLines> },
  { label: 'Stock', numeric: true, cell: (f) => f.stock },
  { label: 'Order', hideLabel: true, cell: (f) => <button type="button">Order {f.name}</button> },
];

function FruitsTable() {
  const list = useKeysetQuery('fruits', 2, fruitsQueryOptions);
  return (
    <AdminTable
      title="Fruits"
      count={list.query.data?.total}
      lead="Every fruit in the shop."
      query={list.query}
      errorLead="The fruits could not be loaded"
      columns={columns}
      rowKey={(f) => f.id}
      rows={list.query.data?.fruits}
      loadingLabel="Loading the fruits"
      empty="No fruit yet."
      paging={{ ...list.paging, noun: 'fruits', label: 'Fruits pages' }}
    >
      <p>After the table</p>
    </AdminTable>
  );
}

const table = () => screen.getByRole('table', { name: /Fruits/ });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const rowTexts = () => bodyRows().map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('an admin table', () => {
  it('says it is loading, then shows the heading, its count and lead, the headers and a row per item', async () => {
    stubFetch(fruitsServer(fruits));
    renderWithProviders(<FruitsTable />);
    expect(screen.getByRole('status').textContent).toBe('Loading the fruits');

    await screen.findByText('Apple');
    // The card, and the table's scrolling region inside it, are both named by the heading.
    const regions = screen.getAllByRole('region', { name: 'Fruits 3' });
    expect(regions).toHaveLength(2);
    const [card, scroller] = regions as [HTMLElement, HTMLElement];
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Fruits3');
    expect(within(card).getByText('Every fruit in the shop.')).toBeTruthy();
    expect(within(scroller).getByRole('table')).toBe(table());
    expect(within(table()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Fruit', 'Stock', 'Order']);
    expect(within(table()).getAllByRole('columnheader').map((th) => th.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
    expect(rowTexts()).toEqual([
      ['AppleKent', '12', 'Order Apple'],
      ['BananaEcuador', '3', 'Order Banana'],
    ]);
    // A phone shows each value under its column's name.
    expect(within(bodyRows()[0] as HTMLElement).getAllByRole('cell').map((cell) => cell.dataset.label)).toEqual(['Fruit', 'Stock', 'Order']);
    expect(screen.getByText('After the table')).toBeTruthy();
  });

  it('pages forward with the cursor the server gave, and back to where the first page started', async () => {
    const user = userEvent.setup();
    const server = stubFetch(fruitsServer(fruits));
    renderWithProviders(<FruitsTable />);
    const pages = await screen.findByRole('navigation', { name: 'Fruits pages' });
    expect(within(pages).getByText('Page 1 of 2 · 3 fruits')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rowTexts()).toEqual([['CherryJerte', '40', 'Order Cherry']]));
    expect(within(pages).getByText('Page 2 of 2 · 3 fruits')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.sent()).toEqual(['/api/fruits?page=1&pageSize=2', '/api/fruits?page=2&pageSize=2&cursor=f2']);

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(rowTexts().map((cells) => cells[0])).toEqual(['AppleKent', 'BananaEcuador']));
    expect(within(pages).getByText('Page 1 of 2 · 3 fruits')).toBeTruthy();
  });

  it('shows no Previous / Next while everything fits on one page', async () => {
    stubFetch(fruitsServer(fruits.slice(0, 2)));
    renderWithProviders(<FruitsTable />);
    await screen.findByText('Banana');
    expect(screen.queryByRole('navigation', { name: 'Fruits pages' })).toBeNull();
  });

  it('says so in one row when the list is empty', async () => {
    stubFetch(fruitsServer([]));
    renderWithProviders(<FruitsTable />);
    const empty = await screen.findByRole('cell', { name: 'No fruit yet.' });
    expect(empty.getAttribute('colspan')).toBe('3');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Fruits0');
  });

  it('says why the list could not be loaded, and Try again asks again', async () => {
    const user = userEvent.setup();
    let failing = true;
    const serve = fruitsServer(fruits);
    const server = stubFetch((url) => (failing ? jsonResponse({ message: 'The shop is closed' }, 500) : serve(url)));
    renderWithProviders(<FruitsTable />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The fruits could not be loaded: The shop is closed');
    expect(screen.queryByRole('table')).toBeNull();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Apple');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.sent()).toEqual(['/api/fruits?page=1&pageSize=2', '/api/fruits?page=1&pageSize=2']);
  });
});
