import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Beat, User } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { testBeat as beat, testUser } from '../../../test/factories';
import { stubFetch } from '../../../test/stub-fetch';
import { AuthProvider } from '../../auth';
import { PurchaseCards } from './purchase-cards';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

const user = (userType: User['userType']) => testUser({ userType });

function renderCards(of: Beat, who: User, owns = { mp3: false, stems: false }) {
  stubFetch((url) => (url === '/api/config' ? jsonResponse({ vipPlanPrice: 99, stemsPrice: 25 }) : jsonResponse({}, 404)), who);
  return renderWithProviders(<PurchaseCards beat={of} user={who} ownsMp3={owns.mp3} ownsStems={owns.stems} />, { wrap: withAuth });
}

const refusal = 'Stems are not available for this beat, sorry';

describe("the download modal's purchase cards", () => {
  it('show no Stems card for a beat without stems, only the disabled button that says why, under the cards that can be bought', async () => {
    renderCards(beat(), user('freeUser'));
    const buy = await screen.findByRole('region', { name: 'Buy a license' });
    await within(buy).findByText('$99.00');
    expect(within(buy).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['VIP Catalog', 'MP3 lease']);
    expect(within(buy).queryByText('$25.00')).toBeNull();
    expect(within(buy).getByRole('button', { name: refusal })).toHaveProperty('disabled', true);
    expect(within(buy).getAllByRole('listitem').some((card) => card.textContent?.includes(refusal))).toBe(false);
  });

  it('offer Stems with their price and Buy Stems for a beat that has them', async () => {
    renderCards(beat({ hasStems: true }), user('freeUser'));
    const buy = await screen.findByRole('region', { name: 'Buy a license' });
    await within(buy).findByText('$25.00');
    expect(within(buy).getByRole('heading', { name: 'Stems', level: 4 })).toBeTruthy();
    expect(within(buy).getByRole('button', { name: 'Buy Stems' })).toHaveProperty('disabled', false);
    expect(within(buy).queryByRole('button', { name: refusal })).toBeNull();
  });

  it('leave a VIP member with nothing to buy of a beat without stems with only the refusal, no empty list', async () => {
    renderCards(beat(), user('vipUser'), { mp3: true, stems: false });
    const button = await screen.findByRole('button', { name: refusal });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.queryByRole('region', { name: 'Buy a license' })).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("show the beat's other licence tiers as cards beside its MP3 lease", async () => {
    const tier = { exclusive: false, summary: ['Up to 10,000 distribution copies'], termsUrl: '/licenses/terms/wav' };
    stubFetch((url) => {
      if (url === '/api/config') return jsonResponse({ vipPlanPrice: 99, stemsPrice: 25 });
      if (url === '/api/beats/beat-1/tiers') {
        return jsonResponse({
          tiers: [
            { ...tier, key: 'lease', name: 'MP3 Lease', price: 19.99, files: ['mp3'] },
            { ...tier, key: 'wav', name: 'WAV Lease', price: 49.99, files: ['mp3', 'wav'] },
          ],
        });
      }
      return jsonResponse({}, 404);
    }, user('freeUser'));
    renderWithProviders(<PurchaseCards beat={beat()} user={user('freeUser')} ownsMp3={false} ownsStems={false} />, { wrap: withAuth });
    const buy = await screen.findByRole('region', { name: 'Buy a license' });
    const wav = await within(buy).findByRole('listitem', { name: 'WAV Lease' });
    expect(within(buy).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['VIP Catalog', 'MP3 lease', 'WAV Lease']);
    expect(within(wav).getByText('$49.99')).toBeTruthy();
    expect(within(wav).getByText('Files: MP3, WAV')).toBeTruthy();
    expect(within(wav).getByText('Up to 10,000 distribution copies')).toBeTruthy();
  });
});
