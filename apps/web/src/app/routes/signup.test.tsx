import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoreConfig } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../test/render-with-providers';
import { stubFetch } from '../../test/stub-fetch';
import { AuthProvider } from '../../features/auth';
import { VipBanner } from '../../features/vip-upsell';
import { SignupPage } from './signup';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

/** The store's own settings (GET /api/config), with the plan at `vipPlanPrice`. */
function storeAnswers(config: Partial<StoreConfig> = {}) {
  const answer: StoreConfig = { vipPlanPrice: 29, stemsPrice: 25, leasePrice: 19.99, vipCatalogSize: 330, ...config };
  return stubFetch((url) => (url === '/api/config' ? jsonResponse(answer) : new Response('{}', { status: 404 })));
}

describe('sign-up from the VIP offer', () => {
  it("names the plan with the store's price and size, then the form", async () => {
    storeAnswers({ vipPlanPrice: 34, vipCatalogSize: 412 });
    renderWithProviders(<SignupPage />, { route: '/signup?returnUrl=%2Fvip&offer=vip', wrap: withAuth });
    const offer = await screen.findByRole('region', { name: 'What you are signing up for' });
    await within(offer).findByText('$34.00');
    expect(within(offer).getByText(/VIP catalog plan/)).toBeTruthy();
    expect(within(offer).getByText(/all 412 beats of the VIP catalog/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Free Account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it('says nothing of the plan to a visitor signing up for anything else', async () => {
    storeAnswers();
    renderWithProviders(<SignupPage />, { route: '/signup?returnUrl=%2Fexclusives', wrap: withAuth });
    await screen.findByRole('button', { name: 'Register' });
    expect(screen.queryByRole('region', { name: 'What you are signing up for' })).toBeNull();
    expect(screen.queryByText(/VIP catalog plan/)).toBeNull();
  });

  it("is where a visitor's GET ACCESS leads, carrying the page to come back to", async () => {
    storeAnswers();
    renderWithProviders(<VipBanner />, { route: '/vip?q=dark', wrap: withAuth });
    const link = await screen.findByRole('link', { name: 'GET ACCESS' });
    const target = new URL(link.getAttribute('href')!, 'http://store.test');
    expect(target.pathname).toBe('/signup');
    expect(target.searchParams.get('returnUrl')).toBe('/vip?q=dark');
    expect(target.searchParams.get('offer')).toBe('vip');
  });
});
