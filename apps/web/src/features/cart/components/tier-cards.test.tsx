import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BeatTier, CartItem } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { testBeat, testUser } from '../../../test/factories';
import { AuthProvider } from '../../auth';
import { useCart } from '../hooks/use-cart';
import { CartToggleButton } from './cart-toggle-button';
import { TierCard, tierView, useOtherTiers } from './tier-cards';

/** The cards as a screen lists them: the tiers besides the MP3 lease. */
function Tiers({ of = beat, headingLevel }: { of?: typeof beat; headingLevel?: 3 | 4 }) {
  const tiers = useOtherTiers(of);
  return (
    <ul aria-label="Offers">
      {tiers.map((tier) => (
        <TierCard key={tier.key} beat={of} tier={tier} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

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

const trackout: BeatTier = { ...wav, key: 'trackout', name: 'Trackout Lease', price: 99.99, files: ['mp3', 'wav', 'stems'], termsUrl: '/licenses/terms/trackout' };

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
  it('show each tier besides the MP3 lease with its price, files, numbers and a link to its full license', async () => {
    store([lease, wav, trackout]);
    renderWithProviders(<Tiers headingLevel={4} />, { wrap: withAuth });
    await screen.findByRole('listitem', { name: 'WAV Lease' });
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['WAV Lease', 'Trackout Lease']);
    const wavCard = card('WAV Lease');
    expect(within(wavCard).getByText('$49.99')).toBeTruthy();
    expect(within(wavCard).getByText('Files: MP3, WAV')).toBeTruthy();
    for (const line of wav.summary) expect(within(wavCard).getByText(line)).toBeTruthy();
    expect(within(wavCard).getByRole('link', { name: 'Read the full license — WAV Lease' }).getAttribute('href')).toBe('/licenses/terms/wav');
    expect(within(card('Trackout Lease')).getByText('Files: MP3, WAV, Stems (ZIP)')).toBeTruthy();
    expect(within(card('Trackout Lease')).getByText('$99.99')).toBeTruthy();
  });

  it('put the beat in the cart as the chosen tier', async () => {
    const sent = store([lease, wav]);
    renderWithProviders(<Tiers />, { wrap: withAuth });
    await screen.findByRole('listitem', { name: 'WAV Lease' });
    await userEvent.click(within(card('WAV Lease')).getByRole('button', { name: /^Add to Cart\s+— WAV Lease of Glass Mirage$/ }));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', path: '/api/cart', body: { userId: 'u1', beatId: 'beat-1', tier: 'wav' } }]));
  });

  it('move a beat already in the cart as another tier to the chosen tier', async () => {
    const sent = store([lease, wav, trackout], [cartLine(lease)]);
    renderWithProviders(<Tiers />, { wrap: withAuth });
    await screen.findByRole('listitem', { name: 'WAV Lease' });
    await userEvent.click(within(card('WAV Lease')).getByRole('button', { name: /^Add to Cart/ }));
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', path: '/api/cart/tier', body: { userId: 'u1', beatId: 'beat-1', tier: 'wav' } }]));
  });

  it('offer to take out the tier the beat is in the cart as', async () => {
    const sent = store([lease, wav, trackout], [cartLine(wav)]);
    renderWithProviders(<Tiers />, { wrap: withAuth });
    const remove = await within(await screen.findByRole('listitem', { name: 'WAV Lease' })).findByRole('button', { name: /^Remove From Cart\s+— WAV Lease of Glass Mirage$/ });
    expect(within(card('Trackout Lease')).getByRole('button', { name: /^Add to Cart/ })).toBeTruthy();
    await userEvent.click(remove);
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: '/api/cart', body: { userId: 'u1', beatId: 'beat-1' } }]));
  });

  it('say which tier the buyer holds, and show a higher tier at the upgrade price', async () => {
    store([
      { ...lease, owned: true },
      { ...wav, owned: true },
      { ...trackout, upgradePrice: 50 },
    ]);
    renderWithProviders(<Tiers />, { wrap: withAuth });
    await screen.findByRole('listitem', { name: 'WAV Lease' });
    expect(within(card('WAV Lease')).getByText('Already yours')).toBeTruthy();
    expect(within(card('WAV Lease')).queryByRole('button')).toBeNull();
    expect(within(card('Trackout Lease')).getByText('$50.00')).toBeTruthy();
    expect(within(card('Trackout Lease')).getByText('Upgrade: you pay the difference ($99.99 less what your license cost)')).toBeTruthy();
  });

  it("let a visitor put any tier in the browser's cart, move it to another, and back to the MP3 lease", async () => {
    signedIn = false;
    function WithLease() {
      return (
        <>
          <CartToggleButton beat={beat} cart={tierView(useCart(), 'lease')} offer="MP3 lease" />
          <Tiers />
        </>
      );
    }
    const sent = store([lease, wav, trackout]);
    renderWithProviders(<WithLease />, { route: '/beat/glass-mirage', wrap: withAuth });
    const stored = () => JSON.parse(localStorage.getItem('beatCart') ?? '[]') as unknown[];
    await screen.findByRole('listitem', { name: 'WAV Lease' });
    await userEvent.click(within(card('WAV Lease')).getByRole('button', { name: /^Add to Cart\s+— WAV Lease of Glass Mirage$/ }));
    await within(card('WAV Lease')).findByRole('button', { name: /^Remove From Cart/ });
    expect(await screen.findByText('Glass Mirage Added to Cart')).toBeTruthy();
    expect(stored()).toEqual([{ _id: 'beat-1', beatTitle: 'Glass Mirage', slug: 'glass-mirage', price: 49.99, licence: 'MP3', tier: { key: 'wav', name: 'WAV Lease' } }]);
    // The MP3 lease card does not count a WAV Lease line as its own.
    expect(screen.getByRole('button', { name: /^Add to Cart\s+— MP3 lease of Glass Mirage$/ })).toBeTruthy();

    await userEvent.click(within(card('Trackout Lease')).getByRole('button', { name: /^Add to Cart/ }));
    expect(await screen.findByText('Glass Mirage is now in your cart as Trackout Lease')).toBeTruthy();
    expect(stored()).toEqual([expect.objectContaining({ price: 99.99, tier: { key: 'trackout', name: 'Trackout Lease' } })]);
    expect(within(card('WAV Lease')).getByRole('button', { name: /^Add to Cart/ })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /^Add to Cart\s+— MP3 lease of Glass Mirage$/ }));
    await waitFor(() => expect(stored()).toEqual([{ _id: 'beat-1', beatTitle: 'Glass Mirage', slug: 'glass-mirage', price: 19.99, licence: 'MP3' }]));
    // A visitor's cart makes no call: nothing was sent to the server.
    expect(sent).toEqual([]);
  });

  it('show nothing more for a beat sold only as its MP3 lease', async () => {
    store([lease]);
    const { queryClient } = renderWithProviders(<Tiers />, { wrap: withAuth });
    await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: ['beat-tiers'] }).some((q) => q.state.status === 'success')).toBe(true));
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });

  it("let a screen's MP3 lease card move a line bought as another tier back to the MP3 lease", async () => {
    function LeaseButton() {
      return <CartToggleButton beat={beat} cart={tierView(useCart(), 'lease')} offer="MP3 lease" />;
    }
    const sent = store([lease, wav], [cartLine(wav)]);
    renderWithProviders(<LeaseButton />, { wrap: withAuth });
    const add = await screen.findByRole('button', { name: /^Add to Cart\s+— MP3 lease of Glass Mirage$/ });
    await waitFor(() => expect(add.getAttribute('aria-busy')).not.toBe('true'));
    await userEvent.click(add);
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', path: '/api/cart/tier', body: { userId: 'u1', beatId: 'beat-1', tier: 'lease' } }]));
  });
});
