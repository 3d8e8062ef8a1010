import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LicenceOffer, TierTerms } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { LicenceTermsPanels } from './licence-terms-panels';

const terms = (offer: string, title: string, over: Partial<TierTerms> = {}): TierTerms => ({
  offer,
  version: 1,
  title,
  body: `The ${title} of {beatTitle}.`,
  updatedAt: '2026-12-01T10:00:00.000Z',
  distributionCopies: 5000,
  audioStreams: 100000,
  musicVideos: 1,
  radioStations: 2,
  paidPerformances: 0,
  creditRequired: true,
  exclusive: false,
  publishingShare: null,
  ...over,
});

const fixed = (['lease', 'stems', 'exclusive', 'vipPlan', 'credit'] as LicenceOffer[]).map((offer) => terms(offer, `${offer} terms`));
const tiers = [
  { key: 'lease', name: 'MP3 Lease', defaultPrice: null, files: ['mp3'], exclusive: false, active: true, position: 0, builtIn: true },
  { key: 'wav', name: 'WAV Lease', defaultPrice: 49.99, files: ['mp3', 'wav'], exclusive: false, active: true, position: 1, builtIn: false },
  { key: 'exclusive', name: 'Exclusive', defaultPrice: null, files: ['mp3', 'wav', 'stems'], exclusive: true, active: true, position: 2, builtIn: true },
];

describe('Admin → Licenses, the terms', () => {
  it('has a tab for each tier in the tiers’ order, then the other offers, and saves a tier’s terms with its publishing share', async () => {
    const puts: { url: string; body: unknown }[] = [];
    stubFetch((url, init) => {
      if (url === '/api/admin/tiers') return jsonResponse({ tiers });
      if (url === '/api/admin/licenses') return jsonResponse({ terms: fixed, tierTerms: [terms('wav', 'WAV Lease Agreement', { publishingShare: 50 })] });
      if (url === '/api/admin/licenses/wav' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Partial<TierTerms>;
        puts.push({ url, body });
        return jsonResponse({ terms: { ...terms('wav', 'WAV Lease Agreement'), ...body, version: 2 } });
      }
      return new Response('{}', { status: 404 });
    });
    renderWithProviders(<LicenceTermsPanels />);
    const user = userEvent.setup();
    await screen.findByRole('tab', { name: 'WAV Lease' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['MP3 Lease', 'WAV Lease', 'Exclusive', 'Stems', 'VIP Plan', 'Credit unlock']);

    await user.click(screen.getByRole('tab', { name: 'WAV Lease' }));
    expect(screen.getByRole('heading', { name: 'WAV Lease terms' })).toBeTruthy();
    expect(screen.getByText('The producer keeps 50% of the publishing')).toBeTruthy();
    const share = screen.getByLabelText<HTMLInputElement>('Publishing kept by the producer (%)');
    expect(share.value).toBe('50');
    await user.clear(share);
    await user.type(share, '40');
    expect(screen.getByText('The producer keeps 40% of the publishing')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText('License terms saved.')).toBeTruthy();
    expect(screen.getByText(/^Version 2/)).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ url: '/api/admin/licenses/wav', body: { title: 'WAV Lease Agreement', publishingShare: 40, distributionCopies: 5000 } });
  });

  it('refuses a publishing share above 100 before sending', async () => {
    const { sent } = stubFetch((url) => {
      if (url === '/api/admin/tiers') return jsonResponse({ tiers });
      if (url === '/api/admin/licenses') return jsonResponse({ terms: fixed, tierTerms: [terms('wav', 'WAV Lease Agreement')] });
      return new Response('{}', { status: 404 });
    });
    renderWithProviders(<LicenceTermsPanels />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'WAV Lease' }));
    await user.type(screen.getByLabelText('Publishing kept by the producer (%)'), '120');
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    expect(await screen.findByText('publishingShare must be from 0 to 100')).toBeTruthy();
    expect(sent().filter((url) => url.startsWith('/api/admin/licenses/'))).toEqual([]);
  });
});
