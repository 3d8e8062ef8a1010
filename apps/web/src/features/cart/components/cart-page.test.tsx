import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BeatTier, User } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { AuthProvider, useAuth } from '../../auth';
import { CartPage } from './cart-page';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

/** The signed-in state a test sets; null: the provider's own (a visitor, as nothing is stored). */
let signedIn: ReturnType<typeof useAuth> | null = null;
vi.mock('../../auth', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../auth')>();
  return {
    ...real,
    useAuth() {
      const fromProvider = real.useAuth();
      return signedIn ?? fromProvider;
    },
  };
});

/** A visitor's cart, kept in the browser as the store keeps it. */
const visitorCart = [
  { _id: 'b1', beatTitle: 'Night Drive', price: 19.99, slug: 'night-drive', licence: 'MP3' },
  { _id: 'b2', beatTitle: 'Low Empire', price: 24.99, slug: 'low-empire', licence: 'MP3' },
  { _id: 'b3', beatTitle: 'Glass Mirage', price: 250, slug: 'glass-mirage', licence: 'EXCLUSIVE' },
];

/** A tier as GET /api/beats/{beatId}/tiers answers a visitor. */
const tier = (key: string, name: string, price: number): BeatTier => ({
  key,
  name,
  price,
  files: key === 'lease' ? ['mp3'] : ['mp3', 'wav'],
  exclusive: false,
  summary: [],
  termsUrl: `/licenses/terms/${key}`,
});

/** What each catalog beat of the visitor's cart offers now. */
let offered: Record<string, BeatTier[]> = {};

/** Every call the cart makes for a visitor, in order. */
let asked: string[] = [];

beforeEach(() => {
  signedIn = null;
  asked = [];
  offered = {
    b1: [tier('lease', 'MP3 Lease', 19.99), tier('wav', 'WAV Lease', 49.99), tier('trackout', 'Trackout Lease', 99.99)],
    b2: [tier('lease', 'MP3 Lease', 24.99)],
  };
  localStorage.setItem('beatCart', JSON.stringify(visitorCart));
  // A visitor's cart asks only for what it shows: each catalog beat's tiers and the license terms of its summary.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === '/api/me') return jsonResponse({ user: null });
      asked.push(`${init?.method ?? 'GET'} ${path}`);
      const beat = /^\/api\/beats\/(\w+)\/tiers$/.exec(path)?.[1];
      if (beat) return jsonResponse({ tiers: offered[beat] ?? [] });
      return jsonResponse({ terms: [], tierTerms: [] });
    }),
  );
});

/** The cart page, once the provider knows who is there (GET /api/me). */
async function renderCart() {
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/cart" element={<CartPage />} />
      <Route path="/login" element={<h1>Log in</h1>} />
    </Routes>,
    { route: '/cart', wrap: withAuth },
  );
  await screen.findByRole('heading', { level: 1 });
  await screen.findAllByRole('checkbox');
  return rendered;
}

const summary = () => screen.getByRole('complementary', { name: /Order Summary/ });
/** An amount of the summary by its name ("Subtotal", "Total"). */
const amount = (name: string) => within(summary()).getByText(name).nextElementSibling?.textContent;
const row = (title: string) => screen.getByRole('checkbox', { name: new RegExp(title) });

describe('the cart', () => {
  it('lists each beat with its licence and price, and sums the whole list until something is selected', async () => {
    await renderCart();
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
    await renderCart();
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
    await renderCart();
    await user.click(screen.getByRole('checkbox', { name: 'Select all beats' }));
    expect(within(summary()).getByText('Night Drive and 2 more')).toBeTruthy();
    expect(amount('Total')).toBe('$294.98');

    await user.click(screen.getByRole('checkbox', { name: 'Select all beats' }));
    expect(within(summary()).getByText('Select the items you want to buy.')).toBeTruthy();
    expect(amount('Total')).toBe('$0.00');
  });

  it("asks for a selection when Pay Now has nothing to buy: 'Please select at least one item to purchase.'", async () => {
    const user = userEvent.setup();
    await renderCart();
    await user.click(row('Night Drive'));
    await user.click(row('Night Drive'));
    await user.click(within(summary()).getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Please select at least one item to purchase.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Log in' })).toBeNull();
  });

  it('sends a visitor who pays to log in first', async () => {
    const user = userEvent.setup();
    await renderCart();
    await user.click(row('Low Empire'));
    await user.click(within(summary()).getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('keeps a visitor’s coupon code in the browser: still there after a reload, gone once removed', async () => {
    const user = userEvent.setup();
    const first = await renderCart();
    await user.type(within(summary()).getByLabelText('Coupon code'), 'spring20');
    await user.click(within(summary()).getByRole('button', { name: 'Apply' }));
    expect(within(summary()).getByRole('status').textContent).toBe('Coupon SPRING20 kept with your cart: its discount shows once you log in.');
    expect(localStorage.getItem('beatCartCoupon')).toBe('SPRING20');
    // No quote for a visitor: list prices until they log in.
    expect(amount('Total')).toBe('$294.98');

    first.unmount();
    await renderCart();
    expect(within(summary()).getByRole('status').textContent).toContain('SPRING20');
    await user.click(within(summary()).getByRole('button', { name: 'Remove coupon SPRING20' }));
    expect(localStorage.getItem('beatCartCoupon')).toBeNull();
    expect(within(summary()).getByLabelText('Coupon code')).toBe(document.activeElement);
  });

  it("prices a visitor's lines with the server's tiers, and changes a line's license in the browser", async () => {
    const user = userEvent.setup();
    // Kept as a WAV Lease at the price shown then; the store asks $49.99 now.
    localStorage.setItem('beatCart', JSON.stringify([{ ...visitorCart[0], price: 44.5, tier: { key: 'wav', name: 'WAV Lease' } }, visitorCart[1]]));
    await renderCart();
    const license = await screen.findByRole('combobox', { name: 'License Night Drive' });
    expect((license as HTMLSelectElement).value).toBe('wav');
    expect(within(license).getAllByRole('option').map((o) => o.textContent)).toEqual(['MP3 Lease — $19.99', 'WAV Lease — $49.99', 'Trackout Lease — $99.99']);
    await waitFor(() => expect(amount('Total')).toBe('$74.98'));
    // A beat sold only as its MP3 lease has no list to choose from.
    expect(screen.queryByRole('combobox', { name: 'License Low Empire' })).toBeNull();

    await user.selectOptions(license, 'trackout');
    expect(await screen.findByText('Night Drive is now in your cart as Trackout Lease')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('beatCart')!)[0]).toEqual({ ...visitorCart[0], price: 99.99, tier: { key: 'trackout', name: 'Trackout Lease' } });
    expect(within(screen.getByRole('list', { name: 'Beats' })).getAllByRole('listitem')[0]!.textContent).toMatch(/Night Drive.*Trackout Lease.*\$99\.99/);
    expect(amount('Total')).toBe('$124.98');
    expect(within(summary()).getByText('Trackout Lease license terms')).toBeTruthy();

    // Back to the MP3 lease: the line is the beat's primary offer again, as an item kept before tiers.
    await user.selectOptions(license, 'lease');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('beatCart')!)[0]).toEqual(visitorCart[0]));
    expect(amount('Total')).toBe('$44.98');
    // Nothing was sent: a visitor's cart changes make no call.
    expect(asked.filter((call) => !call.startsWith('GET '))).toEqual([]);
  });

  it("says so on a visitor's line when the beat no longer sells the tier chosen", async () => {
    localStorage.setItem('beatCart', JSON.stringify([{ ...visitorCart[1], tier: { key: 'wav', name: 'WAV Lease' } }]));
    await renderCart();
    expect(await screen.findByText('Low Empire is no longer sold as WAV Lease. Choose another license or remove it from your cart.')).toBeTruthy();
  });

  it('takes a removed item off the list and out of the total', async () => {
    const user = userEvent.setup();
    await renderCart();
    await user.click(row('Night Drive'));
    await user.click(row('Low Empire'));
    await user.click(screen.getByRole('button', { name: 'Remove Night Drive from cart' }));
    expect(await screen.findByText('Night Drive Removed from Cart')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Night Drive/ })).toBeNull();
    expect(within(summary()).getByText('Low Empire')).toBeTruthy();
    expect(amount('Total')).toBe('$24.99');
  });
});

describe('the cart of a signed-in buyer', () => {
  const buyer = { _id: 'u1', email: 'ada@example.com', fullName: 'Ada Lovelace', hasPasswordChanged: true } as User;
  const line = { artistName: 'Test Artist', hasStems: true, addedAt: '2026-01-01T00:00:00.000Z' };

  beforeEach(() => {
    signedIn = { user: buyer, isAuthenticated: true, canUseAccount: true, isLoading: false, userError: null } as ReturnType<typeof useAuth>;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        if (path === '/api/cart/u1') {
          return jsonResponse({
            cartItems: [
              { ...line, _id: 'b1', beatTitle: 'Night Drive', slug: 'night-drive', beatType: 'Non-Exclusive', licence: 'MP3', price: 19.99 },
              { ...line, _id: 'b2', beatTitle: 'Low Empire', slug: 'low-empire', beatType: 'Non-Exclusive', licence: 'MP3', price: 24.99 },
            ],
          });
        }
        if (path === '/api/stemscart/u1') {
          return jsonResponse({
            cartItems: [
              { ...line, _id: 'b3', beatTitle: 'Paper Moon', slug: 'paper-moon', price: 25 },
              { ...line, _id: 'b4', beatTitle: 'Glass Mirage', slug: 'glass-mirage', price: 25 },
            ],
          });
        }
        if (path === '/api/licenses/terms') return jsonResponse({ terms: [], tierTerms: [] });
        // No quote: the summaries show list prices.
        return jsonResponse({ message: 'unavailable' }, 503);
      }),
    );
  });

  const summaryOf = (list: 'Beats' | 'Stems') => screen.getByRole('complementary', { name: `Order Summary — ${list}` });
  const totalOf = (list: 'Beats' | 'Stems') => within(summaryOf(list)).getByText('Total').nextElementSibling?.textContent;

  /** The server as the cart meets it with a code kept for the beat cart, 20% off; what was posted, in order. */
  function serverKeeping(code: string | null, { deletedAtCheckout = false } = {}) {
    const sent: Array<{ method: string; path: string; body: unknown }> = [];
    let kept = code;
    // Once the coupon is deleted, the store answers as it does: refused with its reason, and forgotten by the cart.
    let deleted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
        if (method !== 'GET') sent.push({ method, path, body });
        if (path === '/api/cart/u1') {
          return jsonResponse({
            cartItems: [
              { ...line, _id: 'b1', beatTitle: 'Night Drive', slug: 'night-drive', beatType: 'Non-Exclusive', licence: 'MP3', price: 19.99 },
              { ...line, _id: 'b2', beatTitle: 'Low Empire', slug: 'low-empire', beatType: 'Non-Exclusive', licence: 'MP3', price: 19.99 },
            ],
          });
        }
        if (path === '/api/stemscart/u1') return jsonResponse({ cartItems: [] });
        if (path === '/api/cart/u1/coupons') return jsonResponse({ beats: kept, stems: null });
        if (path === '/api/cart/coupon') {
          kept = method === 'DELETE' ? null : (body as { code: string }).code.toUpperCase();
          return jsonResponse({ beats: kept, stems: null });
        }
        if (path === '/api/checkout/quote') {
          const asked = (body as { coupon?: string }).coupon ?? null;
          const applied = asked === 'SPRING20' && !deleted;
          return jsonResponse({
            lines: ['b1', 'b2'].map((beatId, i) => ({
              beatId,
              title: i === 0 ? 'Night Drive' : 'Low Empire',
              kind: 'lease',
              price: 19.99,
              bulkDiscount: 0,
              couponDiscount: applied ? 4 : 0,
              total: applied ? 15.99 : 19.99,
              notes: applied ? ['−$4.00 with SPRING20'] : [],
            })),
            subtotal: 39.98,
            bulkDiscount: 0,
            couponDiscount: applied ? 8 : 0,
            total: applied ? 31.98 : 39.98,
            bulkDeal: null,
            coupon: asked ? { code: asked, applied, reason: applied ? null : 'expired', message: applied ? null : 'This code expired on 03/01/2026.' } : null,
            rule: 'The rule.',
          });
        }
        if (path === '/create-checkout-session' && deletedAtCheckout) {
          deleted = true;
          kept = null;
          return jsonResponse({ message: 'This code does not exist.' }, 409);
        }
        if (path === '/create-checkout-session') return jsonResponse({ message: 'The store is closed for the test.' }, 409);
        if (path === '/api/licenses/terms') return jsonResponse({ terms: [], tierTerms: [] });
        return jsonResponse({ message: 'unavailable' }, 503);
      }),
    );
    return sent;
  }

  it('opens with the code kept with the cart applied, and Pay Now sends it for the quoted total', async () => {
    const user = userEvent.setup();
    const sent = serverKeeping('SPRING20');
    await renderCart();
    const beats = summaryOf('Beats');
    await waitFor(() => expect(totalOf('Beats')).toBe('$31.98'));
    expect(within(beats).getByRole('status').textContent).toBe('Coupon SPRING20 applied');

    await user.click(within(beats).getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('The store is closed for the test.')).toBeTruthy();
    expect(sent.find((call) => call.path === '/create-checkout-session')?.body).toMatchObject({ coupon: 'SPRING20' });
  });

  it('keeps a code applied on the server and takes it off there with Remove', async () => {
    const user = userEvent.setup();
    const sent = serverKeeping(null);
    await renderCart();
    const beats = summaryOf('Beats');
    await user.type(within(beats).getByLabelText('Coupon code'), 'spring20');
    await user.click(within(beats).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(totalOf('Beats')).toBe('$31.98'));
    expect(sent).toContainEqual({ method: 'POST', path: '/api/cart/coupon', body: { userId: 'u1', cart: 'beats', code: 'SPRING20' } });

    await user.click(within(beats).getByRole('button', { name: 'Remove coupon SPRING20' }));
    await waitFor(() => expect(totalOf('Beats')).toBe('$39.98'));
    expect(sent).toContainEqual({ method: 'DELETE', path: '/api/cart/coupon', body: { userId: 'u1', cart: 'beats' } });
  });

  it('shows why a kept code no longer applies, at the full price, and Pay Now does not send it', async () => {
    const user = userEvent.setup();
    const sent = serverKeeping('WINTER10');
    await renderCart();
    const beats = summaryOf('Beats');
    expect((await within(beats).findByRole('alert')).textContent).toBe('This code expired on 03/01/2026.');
    expect(totalOf('Beats')).toBe('$39.98');

    await user.click(within(beats).getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('The store is closed for the test.')).toBeTruthy();
    expect(sent.find((call) => call.path === '/create-checkout-session')?.body).not.toHaveProperty('coupon');
  });

  it('shows the full price and the field again when the checkout refuses a code deleted since the quote', async () => {
    const user = userEvent.setup();
    serverKeeping('SPRING20', { deletedAtCheckout: true });
    await renderCart();
    const beats = summaryOf('Beats');
    await waitFor(() => expect(totalOf('Beats')).toBe('$31.98'));

    await user.click(within(beats).getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('This code does not exist.')).toBeTruthy();
    await waitFor(() => expect(totalOf('Beats')).toBe('$39.98'));
    expect(within(beats).getByLabelText('Coupon code')).toBeTruthy();
  });

  it('lists stems at $25.00 each in their own list, with their own summary', async () => {
    await renderCart();
    const stems = await screen.findByRole('list', { name: 'Stems' });
    expect(within(stems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Paper Moon.*STEMS.*\$25\.00/),
      expect.stringMatching(/Glass Mirage.*STEMS.*\$25\.00/),
    ]);
    expect(within(summaryOf('Stems')).getByText('Select the items you want to buy.')).toBeTruthy();
  });

  it('clears the selection of one list when something is selected in the other', async () => {
    const user = userEvent.setup();
    await renderCart();
    await user.click(await screen.findByRole('checkbox', { name: /Night Drive/ }));
    expect(within(summaryOf('Beats')).getByText('Night Drive')).toBeTruthy();
    expect(totalOf('Beats')).toBe('$19.99');

    await user.click(screen.getByRole('checkbox', { name: /Paper Moon/ }));
    await user.click(screen.getByRole('checkbox', { name: /Glass Mirage/ }));
    expect(within(summaryOf('Stems')).getByText('Paper Moon and 1 more')).toBeTruthy();
    expect(totalOf('Stems')).toBe('$50.00');
    expect((screen.getByRole('checkbox', { name: /Night Drive/ }) as HTMLInputElement).checked).toBe(false);
    expect(within(summaryOf('Beats')).getByText('Select the items you want to buy.')).toBeTruthy();
    expect(totalOf('Beats')).toBe('$0.00');
  });

  it('names the tier of each beat line and changes it with the line license list, then shows the new price', async () => {
    const user = userEvent.setup();
    const sent: Array<{ method: string; path: string; body: unknown }> = [];
    const tiers = [
      { key: 'lease', name: 'MP3 Lease', price: 19.99 },
      { key: 'wav', name: 'WAV Lease', price: 49.99 },
    ];
    let tier = tiers[0]!;
    const files = { lease: ['mp3'], wav: ['mp3', 'wav'] } as const;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const body = init?.body ? (JSON.parse(String(init.body)) as { tier?: string }) : undefined;
        if (method !== 'GET') sent.push({ method, path, body });
        if (path === '/api/cart/tier' && method === 'PUT') {
          tier = tiers.find((t) => t.key === body?.tier)!;
          return jsonResponse({ message: `Night Drive is now in your cart as ${tier.name}`, count: 1 });
        }
        if (path === '/api/cart/u1') {
          return jsonResponse({
            cartItems: [
              {
                ...line,
                _id: 'b1',
                beatTitle: 'Night Drive',
                slug: 'night-drive',
                beatType: 'Non-Exclusive',
                licence: 'MP3',
                price: tier.price,
                tier: { key: tier.key, name: tier.name, files: files[tier.key as keyof typeof files] },
                tiers,
              },
            ],
          });
        }
        if (path === '/api/stemscart/u1') return jsonResponse({ cartItems: [] });
        if (path === '/api/licenses/terms') return jsonResponse({ terms: [], tierTerms: [] });
        return jsonResponse({ message: 'unavailable' }, 503);
      }),
    );
    await renderCart();
    const select = await screen.findByRole('combobox', { name: 'License Night Drive' });
    expect((select as HTMLSelectElement).value).toBe('lease');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['MP3 Lease — $19.99', 'WAV Lease — $49.99']);
    expect(totalOf('Beats')).toBe('$19.99');

    await user.selectOptions(select, 'wav');
    expect(sent).toContainEqual({ method: 'PUT', path: '/api/cart/tier', body: { userId: 'u1', beatId: 'b1', tier: 'wav' } });
    await waitFor(() => expect(totalOf('Beats')).toBe('$49.99'));
    expect((screen.getByRole('combobox', { name: 'License Night Drive' }) as HTMLSelectElement).value).toBe('wav');
    expect(await screen.findByText('Night Drive is now in your cart as WAV Lease')).toBeTruthy();
  });
});
