import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminBeatTier } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { adminKeys } from '../api/admin-keys';
import { BeatTiersPanel } from './beat-tiers-panel';

const row = (key: string, name: string, over: Partial<AdminBeatTier> = {}): AdminBeatTier => ({
  key,
  name,
  defaultPrice: null,
  price: null,
  enabled: true,
  offered: true,
  reason: null,
  effectivePrice: null,
  ...over,
});

function beatTiers(): AdminBeatTier[] {
  return [
    row('lease', 'MP3 Lease', { price: 29.99, effectivePrice: 29.99 }),
    row('wav', 'WAV Lease', { defaultPrice: 49.99, effectivePrice: 49.99 }),
    row('trackout', 'Trackout Lease', { defaultPrice: 99.99, offered: false, reason: 'This beat has no stems.' }),
    row('gold', 'Gold Lease', { offered: false, reason: 'No price: set one for this beat or a default for the tier.' }),
  ];
}

describe('The beat form, license tiers', () => {
  it('shows what each tier sells for, why one is not offered, and that the MP3 Lease follows the beat’s price', async () => {
    stubFetch((url) => (url === '/api/admin/beats/b1/tiers' ? jsonResponse({ tiers: beatTiers() }) : new Response('{}', { status: 404 })));
    renderWithProviders(<BeatTiersPanel beatId="b1" />);
    await screen.findByRole('heading', { name: 'WAV Lease' });
    expect(screen.getByText('Offered at $49.99')).toBeTruthy();
    expect(screen.getByText('Not offered: This beat has no stems.')).toBeTruthy();
    expect(screen.getByText('Not offered: No price: set one for this beat or a default for the tier.')).toBeTruthy();

    const lease = within(screen.getByRole('heading', { name: 'MP3 Lease' }).closest('li')!);
    expect(lease.getByText('Offered at $29.99')).toBeTruthy();
    expect(lease.getByText(/Its price is the beat’s own price/)).toBeTruthy();
    expect(lease.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('form', { name: 'MP3 Lease for this beat' })).toBeNull();
  });

  it('saves a tier’s own price and switch for the beat, and shows the tiers as the server answers them', async () => {
    const puts: { url: string; body: unknown }[] = [];
    stubFetch((url, init) => {
      if (url === '/api/admin/beats/b1/tiers') return jsonResponse({ tiers: beatTiers() });
      if (url.startsWith('/api/admin/beats/b1/tiers/') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { price: number | null; enabled: boolean };
        puts.push({ url, body });
        const tiers = beatTiers().map((t) => (t.key === 'wav' ? { ...t, price: body.price, effectivePrice: body.price } : t));
        return jsonResponse({ tiers });
      }
      return new Response('{}', { status: 404 });
    });
    const { queryClient } = renderWithProviders(<BeatTiersPanel beatId="b1" />);
    // A beats list on screen shows no tier of its own: saving one leaves it as it is.
    const beatsList = [...adminKeys.beats, { page: 1, pageSize: 10 }];
    queryClient.setQueryData(beatsList, { beats: [], total: 0, nextCursor: null });
    const user = userEvent.setup();
    const wav = within(await screen.findByRole('form', { name: 'WAV Lease for this beat' }));
    const price = wav.getByLabelText<HTMLInputElement>('Price of the WAV Lease');
    expect(price.value).toBe('');
    expect(price.placeholder).toBe('Default 49.99');
    await user.type(price, '59.99');
    await user.click(wav.getByRole('button', { name: 'Save WAV Lease' }));
    expect(await wav.findByText('WAV Lease saved.')).toBeTruthy();
    expect(await wav.findByText('Offered at $59.99')).toBeTruthy();
    expect(puts).toEqual([{ url: '/api/admin/beats/b1/tiers/wav', body: { price: 59.99, enabled: true } }]);
    expect(queryClient.getQueryState(beatsList)?.isInvalidated).toBe(false);

    // Switched off for this beat, with the price left empty: back to the default.
    const trackout = within(screen.getByRole('form', { name: 'Trackout Lease for this beat' }));
    await user.click(trackout.getByLabelText('Offer the Trackout Lease for this beat'));
    await user.click(trackout.getByRole('button', { name: 'Save Trackout Lease' }));
    await trackout.findByText('Trackout Lease saved.');
    expect(puts[1]).toEqual({ url: '/api/admin/beats/b1/tiers/trackout', body: { price: null, enabled: false } });
  });

  it('shows the server’s refusal beside the row', async () => {
    stubFetch((url, init) => {
      if (init?.method === 'PUT') return jsonResponse({ message: 'price must be at most $1,000,000' }, 400);
      if (url === '/api/admin/beats/b1/tiers') return jsonResponse({ tiers: beatTiers() });
      return new Response('{}', { status: 404 });
    });
    renderWithProviders(<BeatTiersPanel beatId="b1" />);
    const user = userEvent.setup();
    const wav = within(await screen.findByRole('form', { name: 'WAV Lease for this beat' }));
    await user.type(wav.getByLabelText('Price of the WAV Lease'), '2000000');
    await user.click(wav.getByRole('button', { name: 'Save WAV Lease' }));
    expect((await wav.findByRole('alert')).textContent).toBe('price must be at most $1,000,000');
  });
});
