import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Beat, BeatDetail, CheckDownloadResponse, User } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { testBeat, testUser } from '../../../test/factories';
import { stubFetch } from '../../../test/stub-fetch';
import { AuthProvider } from '../../auth';
import { PlayerProvider } from '../../player';
import { BeatOffers } from './beat-offers';
import { BeatPage } from './beat-page';

const withProviders = (children: ReactNode) => (
  <AuthProvider>
    <PlayerProvider>{children}</PlayerProvider>
  </AuthProvider>
);

const beat = (overrides: Partial<Beat> = {}) => testBeat({ tags: ['dark'], ...overrides });

/** A sold exclusive as GET /api/beats/slug/{slug} answers it: no preview, no price. */
const soldBeat = beat({ beatType: 'Exclusive', price: null, streamingMp3FileLink: null });

const buyer = testUser();

const allFiles: CheckDownloadResponse = { isAllowDownload: true, isAllowStems: true, rights: { mp3: true, wav: true, stems: true } };
const nothing: CheckDownloadResponse = { isAllowDownload: false, isAllowStems: false, rights: { mp3: false, wav: false, stems: false } };

/** The store as the page asks it: the beat's detail, the user's rights to it, and the store's prices. */
function stubStore(detail: BeatDetail, rights: CheckDownloadResponse, me: User | null = null) {
  return stubFetch((url) => {
    if (url.startsWith('/api/beats/slug/')) return jsonResponse(detail);
    if (url.startsWith('/api/entitlements/')) return jsonResponse(rights);
    if (url === '/api/config') return jsonResponse({ vipPlanPrice: 99, stemsPrice: 25 });
    return jsonResponse({}, 404);
  }, me);
}

const renderPage = () => renderWithProviders(<BeatPage slug="glass-mirage" notFound={<h1>Not found</h1>} />, { route: '/beat/glass-mirage', wrap: withProviders });

describe('a sold exclusive’s page', () => {
  it('says Sold in place of the player and the offers, and points a visitor to the exclusives for sale', async () => {
    stubStore({ beat: soldBeat, sold: true, playCount: 12, related: [] }, nothing);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Glass Mirage', level: 1 })).toBeTruthy();
    const sold = screen.getByRole('region', { name: 'Sold' });
    expect(within(sold).getByText('This exclusive has been bought: it is no longer for sale.')).toBeTruthy();
    expect(within(sold).getByRole('link', { name: 'Browse exclusives' }).getAttribute('href')).toBe('/exclusives');
    expect(screen.queryByRole('heading', { name: 'Get this beat' })).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
    expect(screen.queryByText('Embed this beat')).toBeNull();
  });

  it('shows its buyer the files to download and the way to the dashboard', async () => {
    const { sent } = stubStore({ beat: soldBeat, sold: true, playCount: 12, related: [] }, allFiles, buyer);
    renderPage();
    const files = await screen.findByRole('region', { name: 'Your downloads' });
    for (const name of ['Download Mp3', 'Download Wav', 'Download Stems']) expect(await within(files).findByRole('button', { name })).toBeTruthy();
    expect(within(files).getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/user-dashboard');
    expect(screen.queryByRole('link', { name: 'Browse exclusives' })).toBeNull();
    // The rights are asked where a beat the user does not hold is an answer, not a failed request.
    expect(sent()).toContain('/api/entitlements/u1/beat-1');
    expect(sent().some((url) => url.startsWith('/api/checkCreditDownload/'))).toBe(false);
  });
});

/** 'Get this beat' alone (jsdom cannot draw the page's waveform player). */
const renderOffers = (of: Beat) => renderWithProviders(<BeatOffers beat={of} />, { route: `/beat/${of.slug}`, wrap: withProviders });

describe('a catalog beat without stems', () => {
  it('has no Stems card among the offers: the purchase is the disabled button that says why', async () => {
    stubStore({ beat: beat(), sold: false, playCount: 3, related: [] }, nothing, buyer);
    renderOffers(beat());
    const offers = await screen.findByRole('region', { name: 'Get this beat' });
    await within(offers).findByRole('heading', { name: 'VIP Catalog' });
    expect(within(offers).queryByRole('heading', { name: 'Stems' })).toBeNull();
    expect(within(offers).queryByRole('button', { name: 'Buy Stems' })).toBeNull();
    expect(within(offers).queryByText('$25.00')).toBeNull();
    const refusal = within(offers).getByRole('button', { name: 'Stems are not available for this beat, sorry' });
    expect(refusal).toHaveProperty('disabled', true);
  });

  it('keeps the Stems card for a beat that has stems', async () => {
    stubStore({ beat: beat({ hasStems: true }), sold: false, playCount: 3, related: [] }, nothing, buyer);
    renderOffers(beat({ hasStems: true }));
    const offers = await screen.findByRole('region', { name: 'Get this beat' });
    await within(offers).findByRole('heading', { name: 'Stems' });
    expect(await within(offers).findByText('$25.00')).toBeTruthy();
    expect(within(offers).getByRole('button', { name: 'Buy Stems' })).toHaveProperty('disabled', false);
    expect(within(offers).queryByRole('button', { name: 'Stems are not available for this beat, sorry' })).toBeNull();
  });
});
