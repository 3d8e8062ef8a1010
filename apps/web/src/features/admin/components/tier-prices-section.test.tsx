import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { TierPricesSection } from './tier-prices-section';

const tiers = [
  { key: 'lease', name: 'MP3 Lease', defaultPrice: null, files: ['mp3'], exclusive: false, active: true, position: 0, builtIn: true },
  { key: 'wav', name: 'WAV Lease', defaultPrice: 49.99, files: ['mp3', 'wav'], exclusive: false, active: true, position: 1, builtIn: false },
  { key: 'trackout', name: 'Trackout Lease', defaultPrice: 99.99, files: ['mp3', 'wav', 'stems'], exclusive: false, active: true, position: 2, builtIn: false },
];

const found = (id: string, beatTitle: string) => ({ _id: id, beatTitle, artistName: 'Demo', beatType: 'Non-Exclusive', price: 29.99 });

describe('Admin → Licenses, a tier’s price on many beats', () => {
  it('sends the chosen tier, price and beats, and says how many beats changed', async () => {
    const posts: { url: string; body: unknown }[] = [];
    stubFetch((url, init) => {
      if (url === '/api/admin/tiers') return jsonResponse({ tiers });
      if (url.startsWith('/api/admin/beats?')) return jsonResponse({ beats: [found('b1', 'Night Drive'), found('b2', 'Night Shift')], total: 2, nextCursor: null });
      if (url === '/api/admin/tiers/trackout/prices' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { beatIds: string[] };
        posts.push({ url, body });
        return jsonResponse({ updated: body.beatIds.length });
      }
      return new Response('{}', { status: 404 });
    });
    renderWithProviders(<TierPricesSection />);
    const user = userEvent.setup();

    // The MP3 Lease follows each beat's own price: only the other tiers are offered.
    const tier = await screen.findByLabelText<HTMLSelectElement>('Tier');
    await screen.findByRole('option', { name: 'WAV Lease' });
    expect([...tier.options].map((o) => o.text)).toEqual(['WAV Lease', 'Trackout Lease']);
    await user.selectOptions(tier, 'trackout');
    await user.type(screen.getByLabelText('Price'), '89');
    await user.type(screen.getByLabelText('Search beats'), 'night');
    await user.click(await screen.findByRole('button', { name: /Night Drive/ }));
    await user.click(await screen.findByRole('button', { name: /Night Shift/ }));
    await user.click(screen.getByRole('button', { name: 'Apply to 2 beats' }));

    expect(await screen.findByText('Trackout Lease priced $89.00 on 2 beats.')).toBeTruthy();
    expect(posts).toEqual([{ url: '/api/admin/tiers/trackout/prices', body: { beatIds: ['b1', 'b2'], price: 89 } }]);
    expect(screen.getByText('No beats chosen yet.')).toBeTruthy();
  });

  it('shows the server’s refusal beside the form', async () => {
    stubFetch((url, init) => {
      if (url === '/api/admin/tiers') return jsonResponse({ tiers });
      if (init?.method === 'POST') return jsonResponse({ message: 'Choose at least one beat.' }, 400);
      return new Response('{}', { status: 404 });
    });
    renderWithProviders(<TierPricesSection />);
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'WAV Lease' });
    await user.click(screen.getByRole('button', { name: 'Apply to 0 beats' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one beat.');
  });
});
