/**
 * Deals as the admin sets them and buyers meet them (docs/product/deals.md): the admin turns on a "Buy 2 get 1 free"
 * bulk deal and makes a 30% coupon on Admin → Deals; a buyer with three MP3 leases in the cart applies the code, reads
 * each line explained and the totals, pays at the test checkout and finds the same amounts on the confirmation and in
 * the purchase history; a code the store does not know shows its reason. A code applied to the cart stays with it
 * through a reload and a new visit, and Pay Now charges what the cart showed (docs/product/deals.md#a-code-kept-with-the-cart).
 * Other browser tests buy leases at list prices, so the bulk deal goes off again and the coupon is deleted afterwards.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { type AuthResponse, type Beat, type BeatPage, type BulkDealSettings, type Coupon, type Quote } from '@beat/shared';
import { apiLogin, createAccount, demo, signIn } from '../support/accounts.js';
import { axeFindingsAt } from '../support/axe.js';
import { api } from '../support/api.js';
import { launchBrowser, mobile, newContext, watchErrors, type Viewport } from '../support/browser.js';
import { payAtTestCheckout, until } from '../support/steps.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const price = (amount: number) => usd.format(amount);
const off = (amount: number) => `\u2212${usd.format(amount)}`;
const cents = (amount: number) => Math.round(amount * 100);

const code = `E2E30-${randomBytes(3).toString('hex').toUpperCase()}`;
let browser: Browser;
let admin: AuthResponse;
let buyer: AuthResponse;
let leases: Beat[];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin(demo.admin);
  // Three leases at three prices with three titles, so the free one (the cheapest) is known.
  const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
  leases = [];
  for (const beat of beats) {
    if (beat.price === null || leases.some((b) => b.price === beat.price || b.beatTitle === beat.beatTitle)) continue;
    leases.push(beat);
    if (leases.length === 3) break;
  }
  expect(leases).toHaveLength(3);
});

afterAll(async () => {
  // Other tests expect list prices: the bulk deal off, the coupon gone (paused first, should deleting fail).
  await api('/api/admin/deals/bulk', admin.token, { method: 'PUT', body: { enabled: false, buy: 2, free: 1 } }).catch(() => undefined);
  const { coupons } = await api<{ coupons: Coupon[] }>('/api/admin/coupons', admin.token).catch(() => ({ coupons: [] as Coupon[] }));
  for (const coupon of coupons.filter((c) => c.code === code)) {
    await api(`/api/admin/coupons/${coupon._id}`, admin.token, { method: 'PUT', body: { ...coupon, paused: true } }).catch(() => undefined);
    await api(`/api/admin/coupons/${coupon._id}`, admin.token, { method: 'DELETE' }).catch(() => undefined);
  }
  await browser?.close();
});

async function openPage(session: AuthResponse, viewport?: Viewport): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, session);
  return { page, errors };
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const beatsSummary = (page: Page) => page.getByRole('complementary', { name: /Order Summary — Beats/ });

/** Types a code into the beats summary and applies it. */
async function applyCode(summary: Locator, text: string) {
  await summary.getByLabel('Coupon code').fill(text);
  await summary.getByRole('button', { name: 'Apply' }).click();
}

describe('deals', () => {
  it('the admin turns on a 2+1 bulk deal and makes a 30% coupon on the Deals screen', async () => {
    const { page, errors } = await openPage(admin);
    await page.goto('/admin/deals');
    await page.getByRole('heading', { name: 'Deals', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Deals' }).waitFor();

    const bulk = page.getByRole('region', { name: 'Bulk deal' });
    await bulk.getByLabel('Buy N', { exact: true }).waitFor();
    await bulk.getByLabel(/^On/).check();
    await bulk.getByLabel('Buy N', { exact: true }).fill('2');
    await bulk.getByLabel('Get M free', { exact: true }).fill('1');
    await bulk.getByRole('button', { name: 'Save' }).click();
    await bulk.getByText('Bulk deal saved.').waitFor();
    expect(await api<BulkDealSettings>('/api/admin/deals/bulk', admin.token)).toEqual({ enabled: true, buy: 2, free: 1 });

    const coupons = page.getByRole('region', { name: /^Coupons/ });
    await coupons.getByRole('button', { name: 'New coupon' }).click();
    const form = page.getByRole('dialog', { name: 'New coupon' });
    await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await form.getByLabel('Type', { exact: true }).selectOption('percent');
    await form.getByLabel('Percent off', { exact: true }).fill('30');
    await form.getByLabel('Applies to', { exact: true }).selectOption('store');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await form.waitFor({ state: 'detached' });

    const row = coupons.getByRole('row').filter({ hasText: code });
    await row.getByText('30%', { exact: true }).waitFor();
    await row.getByText('Whole store', { exact: true }).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('0', { exact: true }).waitFor();

    // The same code again: the server's refusal (409) is shown in the form, which keeps what was typed.
    await coupons.getByRole('button', { name: 'New coupon' }).click();
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByLabel('Percent off', { exact: true }).fill('10');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    expect((await refusal.innerText()).trim().length).toBeGreaterThan(0);
    expect(await form.getByLabel('Code', { exact: true }).inputValue()).toBe(code);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Pause and resume from the table.
    await row.getByRole('button', { name: `Pause ${code}` }).click();
    await row.getByText('Paused', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Resume ${code}` }).click();
    await row.getByText('Active', { exact: true }).waitFor();

    const phone = await openPage(admin, mobile);
    await phone.page.goto('/admin/deals');
    await phone.page.getByRole('row').filter({ hasText: code }).first().waitFor();
    expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.page.context().close();

    expect(
      await axeFindingsAt(browser, '/admin/deals', (p) => p.getByRole('row').filter({ hasText: code }).getByText('Active').waitFor(), { session: admin }),
    ).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a buyer applies the coupon to three leases, reads each line and pays the quoted amounts', async () => {
    buyer = await createAccount('deals');
    for (const beat of leases) await api('/api/cart', buyer.token, { method: 'POST', body: { userId: buyer.user._id, beatId: beat._id } });
    const beatIds = leases.map((b) => b._id);

    // The rule by hand: the cheapest lease is free, then 30% off the other two.
    const cheapest = leases.reduce((a, b) => (a.price! <= b.price! ? a : b));
    const rest = leases.filter((b) => b !== cheapest).reduce((sum, b) => sum + cents(b.price!), 0);
    const quote = await api<Quote>('/api/checkout/quote', buyer.token, {
      method: 'POST',
      body: { userId: buyer.user._id, sessionType: 'beatPurchase', beatIds, coupon: code },
    });
    expect(cents(quote.bulkDiscount)).toBe(cents(cheapest.price!));
    expect(cents(quote.couponDiscount)).toBe(Math.round(rest * 0.3));
    expect(quote.coupon).toMatchObject({ code, applied: true });
    expect(quote.bulkDeal?.label).toBe('Buy 2 get 1 free');

    // The page comes with the server's quote (the bulk deal); without an answer from the quote afterwards (an older
    // server, an outage) the summary shows list prices, as before deals.
    const blind = await openPage(buyer);
    await blind.page.route('**/api/checkout/quote', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not Found"}' }));
    await blind.page.goto('/cart');
    const listTotal = leases.reduce((sum, b) => sum + cents(b.price!), 0) / 100;
    const dealTotal = (leases.reduce((sum, b) => sum + cents(b.price!), 0) - cents(cheapest.price!)) / 100;
    await beatsSummary(blind.page).locator('dl div', { hasText: 'Total' }).last().getByText(price(dealTotal), { exact: true }).waitFor();
    // Applied, the code is kept with the cart (the next page comes with it) and asked of the quote, which does not answer.
    const kept = blind.page.waitForResponse((r) => r.url().endsWith('/api/cart/coupon') && r.request().method() === 'POST');
    const asked = blind.page.waitForRequest((r) => r.url().endsWith('/api/checkout/quote') && (r.postDataJSON() as { coupon?: string }).coupon === code);
    await applyCode(beatsSummary(blind.page), code);
    expect((await kept).status()).toBe(200);
    await asked;
    await beatsSummary(blind.page).locator('dl div', { hasText: 'Total' }).last().getByText(price(listTotal), { exact: true }).waitFor();
    expect(await beatsSummary(blind.page).getByRole('button', { name: 'Pay Now' }).isEnabled()).toBe(true);
    await blind.page.context().close();

    const { page, errors } = await openPage(buyer);
    await page.goto('/cart');
    const summary = beatsSummary(page);
    // The code applied on the other page was kept with the cart: it comes applied. Taken off, the field is back.
    await summary.getByText(`Coupon ${code} applied`).waitFor();
    await summary.getByRole('button', { name: `Remove coupon ${code}` }).click();
    await summary.getByLabel('Coupon code').waitFor();

    // A code the store does not know: its reason next to the field, and list prices.
    const unknown = `NOPE${randomBytes(3).toString('hex').toUpperCase()}`;
    const refused = await api<Quote>('/api/checkout/quote', buyer.token, {
      method: 'POST',
      body: { userId: buyer.user._id, sessionType: 'beatPurchase', beatIds, coupon: unknown },
    });
    expect(refused.coupon).toMatchObject({ code: unknown, applied: false });
    await applyCode(summary, unknown);
    await summary.getByRole('alert').getByText(refused.coupon!.message!).waitFor();

    await applyCode(summary, code.toLowerCase());
    await summary.getByText(`Coupon ${code} applied`).waitFor();
    expect(await summary.getByRole('alert').count()).toBe(0);

    // Each line explained, then the totals and the rule.
    const lines = summary.getByRole('list', { name: /Price of each item/ }).getByRole('listitem');
    await lines.first().waitFor();
    for (const line of quote.lines) {
      const item = lines.filter({ hasText: line.title });
      await item.getByText(price(line.total), { exact: true }).waitFor();
      for (const note of line.notes) await item.getByText(note, { exact: true }).waitFor();
    }
    const cheapestLine = quote.lines.find((l) => l.beatId === cheapest._id)!;
    expect(cheapestLine.total).toBe(0);
    expect(cheapestLine.notes.join(' ')).toContain('Buy 2 get 1');
    const totals = summary.locator('dl');
    await totals.locator('div', { hasText: 'Bulk deal (Buy 2 get 1 free)' }).getByText(off(quote.bulkDiscount), { exact: true }).waitFor();
    await totals.locator('div', { hasText: `Coupon ${code}` }).getByText(off(quote.couponDiscount), { exact: true }).waitFor();
    await totals.locator('div', { hasText: 'Subtotal' }).getByText(price(quote.subtotal), { exact: true }).waitFor();
    await totals.locator('div', { hasText: 'Total' }).last().getByText(price(quote.total), { exact: true }).waitFor();
    await summary.getByText(quote.rule, { exact: true }).waitFor();

    // A phone's width holds it (the code comes kept with the cart), and axe finds nothing serious.
    const phone = await openPage(buyer, mobile);
    await phone.page.goto('/cart');
    await beatsSummary(phone.page).getByText(`Coupon ${code} applied`).waitFor();
    expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.page.context().close();
    expect(
      await axeFindingsAt(
        browser,
        '/cart',
        (p) => beatsSummary(p).getByText(`Coupon ${code} applied`).waitFor(),
        { session: buyer },
      ),
    ).toEqual([]);

    await summary.getByRole('button', { name: 'Pay Now' }).click();
    await payAtTestCheckout(page);
    await page.getByRole('heading', { name: 'Payment Successful', level: 1 }).waitFor();
    const bought = page.getByRole('list', { name: 'Your purchase' });
    for (const line of quote.lines) {
      await bought.getByRole('listitem').filter({ hasText: line.title }).getByText(price(line.total), { exact: true }).waitFor();
    }

    await page.goto('/purchase-history');
    for (const line of quote.lines) {
      const row = page.getByRole('row').filter({ hasText: line.title });
      await row.getByText(price(line.total), { exact: true }).waitFor();
    }
    await page.getByText(`3 purchases · ${price(quote.total)} in total`).waitFor();

    // The coupon counts the paid checkout.
    const counted = await until('the redemption counted', async () => {
      const { coupons } = await api<{ coupons: Coupon[] }>('/api/admin/coupons', admin.token);
      return coupons.find((c) => c.code === code && c.redemptions === 1);
    }, 15_000);
    expect(cents(counted.discounted)).toBe(cents(quote.couponDiscount));
    expect(errors).toEqual([]);
  });

  it('a code applied to the cart is still applied after a reload and a new visit, and Pay Now charges it', async () => {
    const returning = await createAccount('kept-code');
    const two = leases.slice(0, 2);
    for (const beat of two) await api('/api/cart', returning.token, { method: 'POST', body: { userId: returning.user._id, beatId: beat._id } });
    const listTotal = two.reduce((sum, b) => sum + cents(b.price!), 0) / 100;
    const quote = await api<Quote>('/api/checkout/quote', returning.token, {
      method: 'POST',
      body: { userId: returning.user._id, sessionType: 'beatPurchase', beatIds: two.map((b) => b._id), coupon: code },
    });
    expect(quote.coupon).toMatchObject({ code, applied: true });
    expect(quote.total).toBeLessThan(listTotal);
    const total = (page: Page) => beatsSummary(page).locator('dl div', { hasText: 'Total' }).last();
    const showsTheCode = async (page: Page) => {
      await beatsSummary(page).getByText(`Coupon ${code} applied`).waitFor();
      await total(page).getByText(price(quote.total), { exact: true }).waitFor();
      await beatsSummary(page).locator('dl div', { hasText: `Coupon ${code}` }).getByText(off(quote.couponDiscount), { exact: true }).waitFor();
    };

    const { page, errors } = await openPage(returning);
    await page.goto('/cart');
    await total(page).getByText(price(listTotal), { exact: true }).waitFor();
    await applyCode(beatsSummary(page), code.toLowerCase());
    await showsTheCode(page);

    // Reloaded, then opened again from the top bar's cart: the same discounted total.
    await page.reload();
    await showsTheCode(page);
    await page.goto('/');
    await page.getByRole('link', { name: /^Cart, / }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await showsTheCode(page);
    await page.context().close();

    // A new visit, in another browser: still there; Pay Now opens the checkout at the amount the cart showed.
    const again = await openPage(returning, mobile);
    await again.page.goto('/cart');
    await showsTheCode(again.page);
    await beatsSummary(again.page).getByRole('button', { name: 'Pay Now' }).click();
    await again.page.waitForURL((u) => u.pathname.startsWith('/test-checkout/'));
    await again.page.getByRole('button', { name: `Pay ${price(quote.total)}` }).waitFor();
    await payAtTestCheckout(again.page);
    await again.page.getByRole('heading', { name: 'Payment Successful', level: 1 }).waitFor();
    const bought = again.page.getByRole('list', { name: 'Your purchase' });
    for (const line of quote.lines) {
      await bought.getByRole('listitem').filter({ hasText: line.title }).getByText(price(line.total), { exact: true }).waitFor();
    }
    // Paid, the code is used: it leaves the cart.
    expect(await api('/api/cart/' + returning.user._id + '/coupons', returning.token)).toEqual({ beats: null, stems: null });
    expect(errors).toEqual([]);
    expect(again.errors).toEqual([]);
    await again.page.context().close();
  });

  it('a visitor’s code is kept in the browser through a reload, and joins the account’s cart at login', async () => {
    const account = await createAccount('visitor-code');
    const [lease] = leases;
    const quote = await api<Quote>('/api/checkout/quote', account.token, {
      method: 'POST',
      body: { userId: account.user._id, sessionType: 'beatPurchase', beatIds: [lease!._id], coupon: code },
    });
    expect(quote.coupon).toMatchObject({ code, applied: true });
    expect(quote.total).toBeLessThan(lease!.price!);

    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    // The visitor's cart as the lease's Add to Cart keeps it in the browser.
    await page.evaluate(
      (item) => localStorage.setItem('beatCart', JSON.stringify([item])),
      { _id: lease!._id, beatTitle: lease!.beatTitle, price: lease!.price, slug: lease!.slug, licence: 'MP3' },
    );
    await page.goto('/cart');
    const kept = beatsSummary(page).getByText(`Coupon ${code} kept with your cart: its discount shows once you log in.`);
    await applyCode(beatsSummary(page), code.toLowerCase());
    await kept.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('beatCartCoupon'))).toBe(code);

    await page.reload();
    await kept.waitFor();

    await beatsSummary(page).getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('returnUrl') === '/cart');
    await page.getByLabel('Email').fill(account.user.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await beatsSummary(page).getByText(`Coupon ${code} applied`).waitFor();
    await beatsSummary(page).locator('dl div', { hasText: 'Total' }).last().getByText(price(quote.total), { exact: true }).waitFor();
    expect(await api(`/api/cart/${account.user._id}/coupons`, account.token)).toEqual({ beats: code, stems: null });
    expect(await page.evaluate(() => localStorage.getItem('beatCartCoupon'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
