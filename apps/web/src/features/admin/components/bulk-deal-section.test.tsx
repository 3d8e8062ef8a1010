import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { BulkDealSection } from './bulk-deal-section';

describe('Admin → Deals, bulk deal', () => {
  it('shows the saved numbers, previews an edit, refuses one out of range and saves the rest', async () => {
    const puts: unknown[] = [];
    stubFetch((url, init) => {
      if (url !== '/api/admin/deals/bulk') return new Response('{}', { status: 404 });
      if (init?.method === 'PUT') {
        const body: unknown = JSON.parse(String(init.body));
        puts.push(body);
        return jsonResponse(body);
      }
      return jsonResponse({ enabled: true, buy: 2, free: 1 });
    });
    renderWithProviders(<BulkDealSection />);
    const buy = await screen.findByLabelText<HTMLInputElement>('Buy N');
    const free = screen.getByLabelText<HTMLInputElement>('Get M free');
    expect(buy.value).toBe('2');
    expect(free.value).toBe('1');
    expect(screen.getByText('Buy 2 get 1 free')).toBeTruthy();

    const user = userEvent.setup();
    await user.clear(buy);
    await user.type(buy, '11');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('buy must be between 1 and 10')).toBeTruthy();
    expect(puts).toEqual([]);

    await user.clear(buy);
    await user.type(buy, '3');
    await user.clear(free);
    await user.type(free, '2');
    expect(screen.getByText('Buy 3 get 2 free')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bulk deal saved.')).toBeTruthy();
    expect(puts).toEqual([{ enabled: true, buy: 3, free: 2 }]);

    // Editing a number again takes the saved note away until the next save.
    await user.type(free, '1');
    await waitFor(() => expect(screen.queryByText('Bulk deal saved.')).toBeNull());
  });
});
