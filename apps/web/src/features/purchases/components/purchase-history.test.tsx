import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Purchase } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { testUser } from '../../../test/factories';
import { stubFetch } from '../../../test/stub-fetch';
import { PurchaseHistory } from './purchase-history';

const purchase = (overrides: Partial<Purchase>): Purchase => ({
  _id: 'p1',
  sessionType: 'beatPurchase',
  kind: 'lease',
  purchaseType: 'MP3 Lease',
  beatId: 'b1',
  beatTitle: 'Night Drive',
  price: 19.99,
  paymentDate: '2026-03-01T12:00:00.000Z',
  refunded: false,
  licenseId: 'BM-1',
  verifyUrl: '/licenses/verify/BM-1',
  status: 'valid',
  tier: { key: 'lease', name: 'MP3 Lease' },
  ...overrides,
});

describe('the purchase history', () => {
  it('names the licence tier of each purchase in its Purchase Type', async () => {
    const user = testUser();
    stubFetch((url) =>
      url.startsWith('/api/getrecentpurchases/u1')
        ? jsonResponse({
            purchases: [
              purchase({ _id: 'p2', beatTitle: 'Low Empire', purchaseType: 'WAV Lease', price: 49.99, licenseId: 'BM-2', tier: { key: 'wav', name: 'WAV Lease' } }),
              purchase({}),
            ],
            nextCursor: null,
          })
        : jsonResponse({}, 404),
    );
    renderWithProviders(<PurchaseHistory user={user} />);
    const table = await screen.findByRole('table', { name: 'Your purchases, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('cell', { name: /Lease/ }).textContent)).toEqual(['WAV Lease', 'MP3 Lease']);
    expect(screen.getByText('2 purchases · $69.98 in total')).toBeTruthy();
  });
});
