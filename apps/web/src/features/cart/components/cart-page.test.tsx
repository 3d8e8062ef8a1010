import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { AuthProvider } from '../../auth';
import { CartPage } from './cart-page';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

/** A visitor's cart, kept in the browser as the store keeps it. */
const visitorCart = [
  { _id: 'b1', beatTitle: 'Night Drive', price: 19.99, slug: 'night-drive', licence: 'MP3' },
  { _id: 'b2', beatTitle: 'Low Empire', price: 24.99, slug: 'low-empire', licence: 'MP3' },
  { _id: 'b3', beatTitle: 'Glass Mirage', price: 250, slug: 'glass-mirage', licence: 'EXCLUSIVE' },
];

beforeEach(() => {
  localStorage.setItem('beatCart', JSON.stringify(visitorCart));
  // The only call a visitor's cart makes: the license terms its summary shows.
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ terms: [] })));
});

function renderCart() {
  return renderWithProviders(
    <Routes>
      <Route path="/cart" element={<CartPage />} />
      <Route path="/login" element={<h1>Log in</h1>} />
    </Routes>,
    { route: '/cart', wrap: withAuth },
  );
}

const summary = () => screen.getByRole('complementary', { name: /Order Summary/ });
/** An amount of the summary by its name ("Subtotal", "Total"). */
const amount = (name: string) => within(summary()).getByText(name).nextElementSibling?.textContent;
const row = (title: string) => screen.getByRole('checkbox', { name: new RegExp(title) });

describe('the cart', () => {
  it('lists each beat with its licence and price, and sums the whole list until something is selected', () => {
    renderCart();
    const list = screen.getByRole('list', { name: 'Beats' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Night Drive.*MP3.*\$19\.99/),
      expect.stringMatching(/Low Empire.*MP3.*\$24\.99/),
      expect.stringMatching(/Glass Mirage.*EXCLUSIVE.*\$250\.00/),
    ]);
    expect(within(summary()).getByText('Night Drive and 2 more')).toBeTruthy();
    expect(amount('Subtotal')).toBe('$294.98');
    expect(amount('Total')).toBe('$294.98');
  });

  it('sums only the selected items, and names the first and how many more', async () => {
    const user = userEvent.setup();
    renderCart();
    await user.click(row('Low Empire'));
    expect(within(summary()).getByText('Low Empire')).toBeTruthy();
    expect(amount('Total')).toBe('$24.99');

    await user.click(row('Glass Mirage'));
    expect(within(summary()).getByText('Low Empire and 1 more')).toBeTruthy();
    expect(amount('Subtotal')).toBe('$274.99');
    expect(amount('Total')).toBe('$274.99');
    expect(screen.getByText('2 of 3 selected')).toBeTruthy();

    await user.click(row('Low Empire'));
    expect(within(summary()).getByText('Glass Mirage')).toBeTruthy();
    expect(amount('Total')).toBe('$250.00');
  });

  it('selects and clears the whole list at once', async () => {
    const user = userEvent.setup();
    renderCart();
    await user.click(screen.getByRole('checkbox', { name: 'Select all beats' }));
    expect(within(summary()).getByText('Night Drive and 2 more')).toBeTruthy();
    expect(amount('Total')).toBe('$294.98');

    await user.click(screen.getByRole('checkbox', { name: 'Select all beats' }));
    expect(within(summary()).getByText('Select the items you want to buy.')).toBeTruthy();
    expect(amount('Total')).toBe('$0.00');
  });

  it("asks for a selection when Pay Now has nothing to buy: 'Please select at least one item to purchase.'", async () => {
    const user = userEvent.setup();
    renderCart();
    await user.click(row('Night Drive'));
    await user.click(row('Night Drive'));
    await user.click(within(summary()).getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Please select at least one item to purchase.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Log in' })).toBeNull();
  });

  it('sends a visitor who pays to log in first', async () => {
    const user = userEvent.setup();
    renderCart();
    await user.click(row('Low Empire'));
    await user.click(within(summary()).getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('takes a removed item off the list and out of the total', async () => {
    const user = userEvent.setup();
    renderCart();
    await user.click(row('Night Drive'));
    await user.click(row('Low Empire'));
    await user.click(screen.getByRole('button', { name: 'Remove Night Drive from cart' }));
    expect(await screen.findByText('Night Drive Removed from Cart')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Night Drive/ })).toBeNull();
    expect(within(summary()).getByText('Low Empire')).toBeTruthy();
    expect(amount('Total')).toBe('$24.99');
  });
});
