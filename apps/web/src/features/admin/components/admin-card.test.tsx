import { queryOptions, useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { AdminCard } from './admin-card';
import { ExportCsvButton } from './export-csv-button';
import { QueryContent } from './query-content';

const shopQuery = queryOptions({ queryKey: ['shop'], queryFn: ({ signal }) => api<{ open: string }>('/api/shop', { signal }) });

function ShopCard({ loadingClassName }: { loadingClassName?: string }) {
  const shop = useQuery(shopQuery);
  return (
    <AdminCard className="shop-card" title="Opening hours" lead="When buyers can walk in.">
      <QueryContent query={shop} errorLead="The hours could not be loaded" loadingLabel="Loading the hours" loadingClassName={loadingClassName}>
        {(data) => <p>Open {data.open}</p>}
      </QueryContent>
    </AdminCard>
  );
}

describe('an admin card with its query', () => {
  it('is a region named by its title, with the lead, a spinner while loading, then the content', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<ShopCard />);

    const card = screen.getByRole('region', { name: 'Opening hours' });
    expect(card.className).toBe('admin-card shop-card');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Opening hours');
    expect(within(card).getByText('When buyers can walk in.')).toBeTruthy();
    expect(within(card).getByRole('status').textContent).toBe('Loading the hours');

    answer(jsonResponse({ open: '9 to 5' }));
    expect(await within(card).findByText('Open 9 to 5')).toBeTruthy();
    expect(within(card).queryByRole('status')).toBeNull();
  });

  it('puts the spinner in the box it is given', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderWithProviders(<ShopCard loadingClassName="admin-state" />);
    expect(screen.getByRole('status').parentElement?.className).toBe('admin-state');
  });

  it('says why the data could not be loaded, and Try again asks again', async () => {
    const user = userEvent.setup();
    let failing = true;
    const server = stubFetch(() => (failing ? jsonResponse({ message: 'The shop burned down' }, 500) : jsonResponse({ open: 'at noon' })));
    renderWithProviders(<ShopCard />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The hours could not be loaded: The shop burned down');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Open at noon')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.sent()).toEqual(['/api/shop', '/api/shop']);
  });
});

describe('Export CSV', () => {
  it('names the downloaded file in a toast', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ExportCsvButton onExport={() => Promise.resolve('shop.csv')} busy={false} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('shop.csv downloaded')).toBeTruthy();
  });

  it('says why the export failed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ExportCsvButton onExport={() => Promise.reject(new Error('The ledger is locked'))} busy={false} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The ledger is locked')).toBeTruthy();
  });
});
