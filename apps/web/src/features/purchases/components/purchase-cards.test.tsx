import { screen } from '@testing-library/react';
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
});
