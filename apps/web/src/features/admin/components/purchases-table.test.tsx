import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnalyticsPurchase } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { PurchasesTable } from './purchases-table';

const purchase = (serialNo: number, item: string, over: Partial<AnalyticsPurchase>): AnalyticsPurchase => ({
  serialNo,
  id: `p${serialNo}`,
  name: 'Ada Buyer',
  email: 'ada@example.test',
  item,
  kind: 'lease',
  amount: 49.99,
  paidIn: 'USD',
  date: '2026-12-01T10:00:00.000Z',
  refunded: false,
  ...over,
});

describe('Analytics ▸ Users, the ledger', () => {
  it('names the licence tier bought, and the kind where a purchase has no tier', async () => {
    stubFetch((url) =>
      url.startsWith('/api/admin/analytics/purchases?')
        ? jsonResponse({
            purchases: [
              purchase(1, 'Night Drive', { tier: { key: 'wav', name: 'WAV Lease' } }),
              purchase(2, 'Night Drive stems', { kind: 'stems', amount: 25 }),
            ],
            total: 2,
            nextCursor: null,
          })
        : new Response('{}', { status: 404 }),
    );
    renderWithProviders(<PurchasesTable />);
    const wavRow = (await screen.findByText('Night Drive')).closest('tr')!;
    expect(within(wavRow).getByText('WAV Lease')).toBeTruthy();
    expect(within(wavRow).queryByText('MP3 lease')).toBeNull();
    const stemsRow = screen.getByText('Night Drive stems').closest('tr')!;
    expect(within(stemsRow).getByText('Stems')).toBeTruthy();
  });
});
