import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { stubFetch } from '../../test/stub-fetch';
import { AuthProvider } from '../../features/auth';
import { SideMenu } from './side-menu';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

function renderMenu() {
  stubFetch();
  renderWithProviders(
    <SideMenu id="side-menu" isAuthenticated={false} isDrawer={false} open={false} onClose={() => {}} onNavigate={() => {}} onLogout={() => {}} loggingOut={false} />,
    { wrap: withAuth },
  );
}

describe('the side menu', () => {
  it("has one About, the store's page with its text, at its foot", () => {
    renderMenu();
    const abouts = screen.getAllByRole('link', { name: 'About' });
    expect(abouts).toHaveLength(1);
    expect(abouts[0]!.getAttribute('href')).toBe('/pages/about');
    expect(within(screen.getByRole('navigation', { name: 'Store pages' })).getByRole('link', { name: 'About' })).toBe(abouts[0]);
  });

  it('keeps the other services, each leading to its Coming Soon page', () => {
    renderMenu();
    const services = within(screen.getByRole('list', { name: 'Services' })).getAllByRole('link');
    expect(services.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Mixing & Mastering', '/mixing-&-mastering'],
      ['Artworks', '/artworks'],
      ['Marketing', '/marketing'],
      ['Branding', '/branding'],
    ]);
  });
});
