import { screen, within } from '@testing-library/react';
import type { Purchase } from '@beat/shared';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PurchaseCards } from './purchase-cards';

describe("the dashboard's purchase cards", () => {
  it('say there are no purchases yet, and what will show here after the first', () => {
    renderWithProviders(<PurchaseCards purchases={[]} />);
    expect(screen.getByText('No Purchases Yet')).toBeTruthy();
    expect(screen.getByText('Your beats, stems and licenses appear here after your first purchase.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Purchases' })).toBeNull();
  });

  it('name the licence tier each purchase bought', () => {
    const wav: Purchase = {
      _id: 'p1',
      sessionType: 'beatPurchase',
      kind: 'lease',
      purchaseType: 'WAV Lease',
      beatId: 'b1',
      beatTitle: 'Night Drive',
      price: 49.99,
      paymentDate: '2026-03-01T12:00:00.000Z',
      refunded: false,
      licenseId: 'BM-1',
      verifyUrl: '/licenses/verify/BM-1',
      status: 'valid',
      tier: { key: 'wav', name: 'WAV Lease' },
    };
    renderWithProviders(<PurchaseCards purchases={[wav, { ...wav, _id: 'p2', beatTitle: 'Low Empire', purchaseType: 'Stems', kind: 'stems', tier: undefined }]} />);
    const cards = within(screen.getByRole('list', { name: 'Purchases' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('Purchase Type').nextElementSibling?.textContent).toBe('WAV Lease');
    expect(within(cards[1]!).getByText('Purchase Type').nextElementSibling?.textContent).toBe('Stems');
  });
});
