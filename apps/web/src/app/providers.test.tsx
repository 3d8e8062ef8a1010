import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { jsonResponse } from '../test/render-with-providers';
import { stubFetch } from '../test/stub-fetch';
import { toast } from '../lib/toast';
import { AppProviders, createQueryClient } from './providers';

describe("the app's providers", () => {
  it('mount the toaster at the first tap, and show a toast asked for by then', async () => {
    stubFetch((url) => (url === '/api/config' ? jsonResponse({ vipPlanPrice: 29, stemsPrice: 25, leasePrice: 19.99, vipCatalogSize: 330 }) : new Response('{}', { status: 401 })));
    render(
      <MemoryRouter>
        <AppProviders queryClient={createQueryClient()}>
          <p>The page</p>
        </AppProviders>
      </MemoryRouter>,
    );
    fireEvent.pointerDown(screen.getByText('The page'));
    toast.success('Added to your cart');
    expect(await screen.findByText('Added to your cart')).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
