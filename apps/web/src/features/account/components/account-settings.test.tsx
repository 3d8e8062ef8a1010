import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@beat/shared';
import { testUser } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { AuthProvider } from '../../auth';
import { AccountSettings } from './account-settings';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

/** The settings cards, in page order: each one's heading and lead. */
async function cards(me: User) {
  stubFetch((url) => (url === `/api/entitlements/${me._id}` ? jsonResponse({ beats: [] }) : new Response('{}', { status: 404 })), me);
  renderWithProviders(<AccountSettings user={me} />, { route: '/account-setting', wrap: withAuth });
  await screen.findByRole('region', { name: 'Profile' });
  return [...document.querySelectorAll('section.settings-card')].map((card) => {
    const title = card.querySelector('h2')?.textContent ?? '';
    // Each card is a region named by its own heading.
    expect(screen.getByRole('region', { name: title })).toBe(card);
    return { title, lead: card.querySelector('.settings-card__lead')?.textContent };
  });
}

describe('account settings', () => {
  it('puts the profile first, then the password, each under its heading and lead', async () => {
    expect(await cards(testUser())).toEqual([
      { title: 'Profile', lead: 'How you appear across Beat Market.' },
      { title: 'Password', lead: 'Changing it signs you out everywhere else.' },
    ]);
  });

  it('puts the password first while a change is due, and says when the profile opens', async () => {
    expect(await cards(testUser({ hasPasswordChanged: false }))).toEqual([
      { title: 'Password', lead: 'Changing it signs you out everywhere else.' },
      { title: 'Profile', lead: 'Available once your password is changed.' },
    ]);
  });
});
