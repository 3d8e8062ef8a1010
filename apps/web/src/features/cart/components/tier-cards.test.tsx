import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BeatTier, CartItem } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { testBeat, testUser } from '../../../test/factories';
import { AuthProvider } from '../../auth';
import { TierCards } from './tier-cards';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

/** Whether GET /api/me answers with the buyer (else a visitor). */
let signedIn = true;

const buyer = testUser();
const beat = testBeat({ _id: 'beat-1', beatTitle: 'Glass Mirage', price: 19.99 });

const lease: BeatTier = {
  key: 'lease',
  name: 'MP3 Lease',
  price: 19.99,
  files: ['mp3'],
  exclusive: false,
  summary: ['Non-exclusive: others may license the beat too', 'Up to 5,000 distribution copies', 'Up to 100,000 audio streams'],
  termsUrl: '/licenses/terms/lease',
};
const wav: BeatTier = {
  key: 'wav',
  name: 'WAV Lease',
  price: 49.99,
  files: ['mp3', 'wav'],
  exclusive: false,
  summary: ['Up to 10,000 distribution copies', 'Up to 250,000 audio streams', '1 music video', 'The producer keeps 50% of the publishing'],
  termsUrl: '/licenses/terms/wav',
};

const cartLine = (tier: BeatTier): CartItem => ({
  _id: beat._id,
  beatTitle: beat.beatTitle,
  artistName: beat.artistName,
  slug: beat.slug,
  beatType: 'Non-Exclusive',
  licence: 'MP3',
  price: tier.price,
  hasStems: false,
  addedAt: '2026-01-01T00:00:00.000Z',
  tier: { key: tier.key, name: tier.name, files: tier.files },
});

/** The store as the cards meet it: these tiers, this cart; every call that changes something, in order. */
function store(tiers: BeatTier[], cart: CartItem[] = []) {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') sent.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/me') return jsonResponse({ user: signedIn ? buyer : null });
      if (path === '/api/beats/beat-1/tiers') return jsonResponse({ tiers });
      if (path === '/api/cart/u1') return jsonResponse({ cartItems: cart });
      if (path === '/api/cart' || path === '/api/cart/tier') return jsonResponse({ message: 'Glass Mirage is now in your cart as WAV Lease', count: 1 });
      return jsonResponse({ message: 'not found' }, 404);
    }),
  );
  return sent;
}

const card = (name: string) => screen.getByRole('listitem', { name });

beforeEach(() => {
  signedIn = true;
});

describe('the licence tiers of a beat', () => {
  it('show each tier side by side with its price, files, numbers and a link to its full license', async () => {
    store([lease, wav]);
    renderWithProviders(<TierCards beat={beat} title="License tiers" headingLevel={4} />, { wrap: withAuth });
    const section = await screen.findByRole('region', { name: 'License tiers' });
    expect(within(section).getByRole('heading', { level: 3 }).textContent).toBe('License tiers');
    expect(within(section).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['MP3 Lease', 'WAV Lease']);
    const wavCard = card('WAV Lease');
    expect(within(wavCard).getByText('$49.99')).toBeTruthy();
    expect(within(wavCard).getByText('Files: MP3, WAV')).toBeTruthy();
    for (const line of wav.summary) expect(within(wavCard).getByText(line)).toBeTruthy();
    expect(within(wavCard).getByRole('link', { name: 'Read the full license — WAV Lease' }).getAttribute('href')).toBe('/licenses/terms/wav');
    expect(within(card('MP3 Lease')).getByText('Files: MP3')).toBeTruthy();
  });

  it('put the beat in the cart as the chosen tier', async () => {
    const sent = store([lease, wav]);
    renderWithProviders(<TierCards beat={beat} />, { wrap: withAuth });
    await screen.findByRole('listitem', { name: 'WAV Lease' });
    await userEvent.click(within(card('WAV Lease')).getByRole('button', { name: /^Add to Cart\s+— WAV Lease of Glass Mirage$/ }));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', path: '/api/cart', body: { userId: 'u1', beatId: 'beat-1', tier: 'wav' } }]));
  });

  it('move a beat already in the cart to the chosen tier, and offer to take out the tier it holds', async () => {
    const sent = store([lease, wav], [cartLine(lease)]);
    renderWithProviders(<TierCards beat={beat} />, { wrap: withAuth });
    await within(await screen.findByRole('listitem', { name: 'MP3 Lease' })).findByRole('button', { name: /^Remove From Cart/ });
    await userEvent.click(within(card('WAV Lease')).getByRole('button', { name: /^Add to Cart/ }));
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', path: '/api/cart/tier', body: { userId: 'u1', beatId: 'beat-1', tier: 'wav' } }]));
  });

  it('say which tier the buyer holds, and show a higher tier at the upgrade price', async () => {
    store([
      { ...lease, owned: true },
      { ...wav, upgradePrice: 30 },
    ]);
    renderWithProviders(<TierCards beat={beat} />, { wrap: withAuth });
    await screen.findByRole('listitem', { name: 'WAV Lease' });
    expect(within(card('MP3 Lease')).getByText('Already yours')).toBeTruthy();
    expect(within(card('MP3 Lease')).queryByRole('button')).toBeNull();
    expect(within(card('WAV Lease')).getByText('$30.00')).toBeTruthy();
    expect(within(card('WAV Lease')).getByText('Upgrade: you pay the difference ($49.99 less what your license cost)')).toBeTruthy();
  });

  it("send a visitor to log in for a tier the browser's cart cannot hold", async () => {
    signedIn = false;
    store([lease, wav]);
    renderWithProviders(<TierCards beat={beat} />, { route: '/beat/glass-mirage', wrap: withAuth });
    await screen.findByRole('listitem', { name: 'WAV Lease' });
    expect(within(card('WAV Lease')).getByRole('link', { name: /^Log in to buy/ }).getAttribute('href')).toMatch(/^\/login\?/);
    expect(within(card('MP3 Lease')).getByRole('button', { name: /^Add to Cart/ })).toBeTruthy();
  });

  it('show nothing for a beat sold in a single tier', async () => {
    store([lease]);
    const { queryClient } = renderWithProviders(<TierCards beat={beat} />, { wrap: withAuth });
    await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: ['beat-tiers'] }).some((q) => q.state.status === 'success')).toBe(true));
    expect(screen.queryByRole('list')).toBeNull();
  });
});
