import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartItem, MergeCartBody } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { testUser } from '../../../test/factories';
import { AuthProvider } from '../../auth';
import { useCartCount } from './use-cart-count';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

const wavBeat = '0c6a3a57-3d1f-4f0e-8d7c-2f4b9a1e5d60';
const leaseBeat = '8b2f0f2e-6a0e-4f57-9d55-7a1f0a8e3c11';

/** A visitor's cart as the browser keeps it: one beat chosen as its WAV Lease, one as its MP3 lease. */
const visitorCart = [
  { _id: wavBeat, beatTitle: 'Glass Mirage', price: 49.99, slug: 'glass-mirage', licence: 'MP3', tier: { key: 'wav', name: 'WAV Lease' } },
  { _id: leaseBeat, beatTitle: 'Night Drive', price: 19.99, slug: 'night-drive', licence: 'MP3' },
];

const line = (id: string, title: string, tier: { key: string; name: string }): CartItem => ({
  _id: id,
  beatTitle: title,
  artistName: 'Nova Kane',
  slug: title.toLowerCase().replace(' ', '-'),
  beatType: 'Non-Exclusive',
  licence: 'MP3',
  price: 19.99,
  hasStems: false,
  addedAt: '2026-01-01T00:00:00.000Z',
  tier: { ...tier, files: ['mp3'] },
});

function Badge() {
  return <p>Cart, {useCartCount()} items</p>;
}

/** The store at login: each merge's body in order, answered by `answer`. */
function store(answer: (body: MergeCartBody) => Response) {
  const merges: MergeCartBody[] = [];
  stubFetch((url, init) => {
    if (url === '/api/cart/merge') {
      const body = JSON.parse(String(init?.body)) as MergeCartBody;
      merges.push(body);
      return answer(body);
    }
    if (url === '/api/cart/u1') return jsonResponse({ cartItems: [] });
    return jsonResponse({ cartItems: [] });
  }, testUser());
  return merges;
}

describe("a visitor's cart at login", () => {
  it('joins the account with the tier chosen for each beat, and leaves the browser', async () => {
    localStorage.setItem('beatCart', JSON.stringify(visitorCart));
    const merges = store(() =>
      jsonResponse({ cartItems: [line(wavBeat, 'Glass Mirage', { key: 'wav', name: 'WAV Lease' }), line(leaseBeat, 'Night Drive', { key: 'lease', name: 'MP3 Lease' })], stemsCartItems: [], skipped: [] }),
    );
    renderWithProviders(<Badge />, { wrap: withAuth });
    await waitFor(() => expect(localStorage.getItem('beatCart')).toBeNull());
    expect(merges).toEqual([{ userId: 'u1', beatIds: [wavBeat, leaseBeat], stemsBeatIds: [], beatTiers: [{ beatId: wavBeat, tier: 'wav' }] }]);
  });

  it('joins as MP3 leases, and says why, when the store no longer sells a tier chosen', async () => {
    localStorage.setItem('beatCart', JSON.stringify(visitorCart));
    const refusal = 'Glass Mirage is not sold as WAV Lease: The WAV Lease is switched off for this beat.';
    const merges = store((body) =>
      body.beatTiers
        ? jsonResponse({ message: refusal }, 400)
        : jsonResponse({ cartItems: [line(wavBeat, 'Glass Mirage', { key: 'lease', name: 'MP3 Lease' })], stemsCartItems: [], skipped: [] }),
    );
    renderWithProviders(<Badge />, { wrap: withAuth });
    expect(await screen.findByText(`${refusal} The beats you chose a license for joined your cart as MP3 leases: choose their licenses again there.`)).toBeTruthy();
    expect(merges.map((body) => body.beatTiers)).toEqual([[{ beatId: wavBeat, tier: 'wav' }], undefined]);
    expect(merges[1]!.beatIds).toEqual([wavBeat, leaseBeat]);
    await waitFor(() => expect(localStorage.getItem('beatCart')).toBeNull());
  });
});
