import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User, UserType } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { testUser } from '../../../test/factories';
import { AuthProvider } from '../../auth';
import { UserLayout } from './user-layout';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

const user = (userType: UserType): User =>
  testUser({ email: 'buyer@example.com', fullName: 'Bea Buyer', username: 'bea', userType, createdAt: '2026-01-02T10:00:00.000Z' });

/** The account sidebar of a signed-in `me` who holds `owned` beats (GET /api/entitlements/{userId}). */
async function renderSidebar(me: User, owned: number) {
  const beats = Array.from({ length: owned }, (_, i) => ({ beatId: `b${i}`, mp3: true, wav: false, stems: false }));
  const calls = stubFetch((url) => (url === `/api/entitlements/${me._id}` ? jsonResponse({ beats }) : new Response('{}', { status: 404 })), me);
  renderWithProviders(
    <UserLayout title="Dashboard">
      <p>Page</p>
    </UserLayout>,
    { route: '/user-dashboard', wrap: withAuth },
  );
  const aside = await screen.findByRole('complementary', { name: 'Your account' });
  await within(aside).findByText(me.fullName);
  return { aside, calls };
}

describe('the account sidebar', () => {
  it("gives a paying Free User's type in the product's words, and what they own, linked to the library", async () => {
    const { aside } = await renderSidebar(user('freeUser'), 12);
    expect(within(aside).getByText('Free User')).toBeTruthy();
    const owns = await within(aside).findByRole('link', { name: 'You own 12 beats' });
    expect(owns.getAttribute('href')).toBe('/library');
  });

  it('says one beat, not one beats', async () => {
    const { aside } = await renderSidebar(user('invitedUser'), 1);
    expect(within(aside).getByText('Invited User')).toBeTruthy();
    await within(aside).findByRole('link', { name: 'You own 1 beat' });
  });

  it('tells a VIP Member the plan covers the catalog, and what else they own', async () => {
    const { aside } = await renderSidebar(user('vipUser'), 2);
    expect(within(aside).getByText('VIP Member')).toBeTruthy();
    await within(aside).findByRole('link', { name: 'Every VIP catalog beat, and 2 beats of your own' });
  });

  it('says nothing more of an account that holds nothing', async () => {
    const { aside, calls } = await renderSidebar(user('freeUser'), 0);
    expect(within(aside).getByText('Free User')).toBeTruthy();
    // Once the holdings have answered, there is still no line about them.
    await expect.poll(() => calls.sent()).toContain('/api/entitlements/u1');
    expect(within(aside).queryByRole('link', { name: /own|catalog/ })).toBeNull();
  });
});
