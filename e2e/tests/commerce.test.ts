/**
 * Commerce as people do it, each test with a freshly signed-up account (the demo accounts stay as they are):
 * a visitor's cart merged at login, two beats bought through the built-in test checkout and found on the
 * dashboard and in the history, stems bought from the stems cart, an exclusive bought and gone from the
 * store, and the VIP plan turning the user VIP. The store is shared by every file of a run: each test picks
 * beats nobody else buys.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AuthResponse, Beat, BeatPage, CartResponse, PurchasesResponse, User } from '@beat/shared';
import { createAccount } from '../support/accounts.js';
import { animationsSettled, auditViewports, mobile } from '../support/browser.js';
import { api } from '../support/api.js';
import { axeFindings } from '../support/axe.js';
import { payAtTestCheckout } from '../support/steps.js';
import { auditPageWithCart, fileBrowser, openPage as openPageIn } from '../support/suite.js';


const browser = fileBrowser();


const openPage = (session?: AuthResponse, viewport?: typeof mobile) => openPageIn(browser(), session, viewport);

/** Beats of the VIP catalog with a lease price, from the end of the list (other files take from the start). */
async function leaseBeats(n: number, offset: number, withStems = false): Promise<Beat[]> {
  const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
  return beats
    .filter((b) => b.price !== null && (!withStems || b.hasStems))
    .reverse()
    .slice(offset, offset + n);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function exclusives(): Promise<Beat[]> {
  return (await api<BeatPage>('/api/beats?type=Exclusive&limit=100')).beats;
}

async function expectPaid(page: Page) {
  await page.waitForURL((u) => u.pathname === '/paymentConfirm');
  await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
  await page.getByText('Creating your dashboard experience...').waitFor();
}

describe('the cart', () => {
  it('keeps a visitor’s cart in the browser and merges it into the account at login, without duplicates', async () => {
    const account = await createAccount('merge');
    const [first, second] = (await exclusives()).slice(-2);
    // The account already holds one of the two beats.
    await api('/api/cart', account.token, { method: 'POST', body: { userId: account.user._id, beatId: first!._id } });

    const { page, errors } = await openPage();
    for (const beat of [first!, second!]) {
      await page.goto(`/exclusives?q=${encodeURIComponent(beat.beatTitle)}`);
      const card = page.getByRole('article', { name: beat.beatTitle });
      await card.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText(`${beat.beatTitle} Added to Cart`).waitFor();
      await card.getByRole('button', { name: 'Remove From Cart' }).waitFor();
    }
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();

    // A visitor's Pay Now goes to /login.
    await page.goto('/cart');
    await page.getByLabel('Select all beats').check();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('returnUrl') === '/cart');

    await page.getByLabel('Email').fill(account.user.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();

    const { cartItems } = await api<CartResponse>(`/api/cart/${account.user._id}`, account.token);
    expect(cartItems.map((i) => i._id).sort()).toEqual([first!._id, second!._id].sort());
    expect(await page.evaluate(() => localStorage.getItem('beatCart'))).toBeNull();
    const rows = page.getByRole('list', { name: 'Beats' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    await rows.first().getByText('EXCLUSIVE').waitFor();
    expect(errors).toEqual([]);
  });

  it('asks for a selection, keeps one list selected at a time, and shows the product’s failure toast', async () => {
    const account = await createAccount('select');
    const [lease] = await leaseBeats(1, 20);
    const [stems] = await leaseBeats(1, 21, true);
    await api('/api/cart', account.token, { method: 'POST', body: { userId: account.user._id, beatId: lease!._id } });
    await api('/api/stemscart', account.token, { method: 'POST', body: { userId: account.user._id, beatId: stems!._id } });

    const { page } = await openPage(account);
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Cart', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Beats' }).getByText('MP3', { exact: true }).waitFor();
    // Until something is selected Pay Now buys the whole list (docs/product/screens-and-words.md#cart); a selection
    // emptied again makes Pay Now ask for one.
    await page.getByLabel('Select all beats').check();
    await page.getByLabel('Select all beats').uncheck();
    await page.getByRole('button', { name: 'Pay Now' }).first().click();
    await page.getByText('Please select at least one item to purchase.').waitFor();

    await page.getByRole('list', { name: 'Beats' }).getByText(lease!.beatTitle).click();
    await page.getByTestId('summary-items-beats').getByText(lease!.beatTitle).waitFor();
    await page.getByRole('list', { name: 'Stems' }).getByText(stems!.beatTitle).click();
    await page.getByTestId('summary-items-stems').getByText(stems!.beatTitle).waitFor();
    // Selecting stems cleared the beats.
    expect(await page.getByTestId('summary-items-beats').count()).toBe(0);

    // A failed call shows the product’s words (docs/product/screens-and-words.md#fixed-messages).
    await page.route('**/api/cart', (route) => (route.request().method() === 'DELETE' ? route.abort() : route.continue()));
    await page.getByRole('button', { name: `Remove ${lease!.beatTitle} from cart` }).click();
    await page.getByText('Failed to removed from Cart').waitFor();
    await page.unroute('**/api/cart');
    await page.getByRole('button', { name: `Remove ${lease!.beatTitle} from cart` }).click();
    await page.getByText(`${lease!.beatTitle} Removed from Cart`).waitFor();

    const exclusive = (await exclusives()).at(-3)!;
    await page.route('**/api/cart', (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
    await page.goto(`/exclusives?q=${encodeURIComponent(exclusive.beatTitle)}`);
    await page.getByRole('article', { name: exclusive.beatTitle }).getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Failed to add to Cart').waitFor();
    await page.getByRole('article', { name: exclusive.beatTitle }).getByRole('button', { name: 'Add to Cart' }).waitFor();
  });
});

describe('buying', () => {
  it('buys two beats through the test checkout and finds them on the dashboard and in the history', async () => {
    const account = await createAccount('leases');
    const beats = await leaseBeats(2, 0);
    await api('/api/cart', account.token, { method: 'POST', body: { userId: account.user._id, beatId: beats[0]!._id } });

    // The other one goes in through its MP3 lease offer in the beat's modal.
    const { page, errors } = await openPage(account);
    await page.goto(`/?q=${encodeURIComponent(beats[1]!.beatTitle)}`);
    await page.getByRole('button', { name: `Download ${beats[1]!.beatTitle}`, exact: true }).first().click();
    const modal = page.getByRole('dialog', { name: 'Get this beat' });
    await modal.getByRole('button', { name: new RegExp(`^Add to Cart\\s+— MP3 lease of ${escapeRegExp(beats[1]!.beatTitle)}$`) }).click();
    await page.getByText(`${beats[1]!.beatTitle} Added to Cart`).waitFor();
    await modal.getByRole('button', { name: new RegExp(`^Remove From Cart\\s+— MP3 lease of ${escapeRegExp(beats[1]!.beatTitle)}$`) }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();

    await page.goto('/cart');
    await page.getByLabel('Select all beats').check();
    await page.getByTestId('summary-items-beats').getByText(`${beats[0]!.beatTitle} and 1 more`).waitFor();
    await page.getByRole('button', { name: 'Pay Now' }).click();

    // The test checkout shows the items and the total; Cancel ends it and goes back to the cart
    // (docs/product/offers-and-prices.md#reservations): the old session is over, Pay Now opens a new one.
    await page.waitForURL((u) => u.pathname.startsWith('/test-checkout/'));
    const total = beats.reduce((sum, b) => sum + b.price!, 0);
    await page.getByText(`$${total.toFixed(2)}`).first().waitFor();
    for (const beat of beats) await page.getByText(beat.beatTitle).first().waitFor();
    const checkoutUrl = page.url();
    await page.getByRole('link', { name: /Cancel/ }).first().click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.goto(checkoutUrl);
    await page.getByText('This checkout has expired').waitFor();
    await page.goto('/cart');
    await page.getByLabel('Select all beats').check();
    await page.getByRole('button', { name: 'Pay Now' }).first().click();

    await payAtTestCheckout(page, { card: '4242 4242 4242 4241' });
    await page.getByText('Your card number is invalid.').waitFor();
    await payAtTestCheckout(page);
    await expectPaid(page);
    // After 5 seconds the confirmation leads to the library (docs/product/library.md#after-payment).
    await page.waitForURL((u) => u.pathname === '/library', { timeout: 10_000 });
    await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();

    await page.goto('/user-dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const purchases = page.getByRole('list', { name: 'Purchases' });
    for (const beat of beats) await purchases.getByText(beat.beatTitle).waitFor();
    await expect.poll(() => purchases.getByText('MP3 Lease').count()).toBe(2);
    const today = new Date().toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
    await purchases.getByText(today).first().waitFor();
    const owned = page.getByRole('list', { name: 'Purchased beats' });
    for (const beat of beats) await owned.getByText(beat.beatTitle).waitFor();

    // The licence agreement of a purchase downloads as a PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      purchases.getByRole('button', { name: `License (PDF): ${beats[1]!.beatTitle}` }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto('/purchase-history');
    await page.getByRole('heading', { name: 'Purchase History', level: 1 }).waitFor();
    const rows = page.getByRole('table').getByRole('row');
    for (const beat of beats) await rows.filter({ hasText: beat.beatTitle }).waitFor();
    // The header row and one row per purchase.
    await expect.poll(() => rows.count()).toBe(3);
    const history = await api<PurchasesResponse>(`/api/getrecentpurchases/${account.user._id}`, account.token);
    expect(history.purchases.map((p) => p.beatTitle).sort()).toEqual(beats.map((b) => b.beatTitle).sort());
    expect(errors).toEqual([]);
  });

  it('buys stems from the stems cart and downloads them from the dashboard', async () => {
    const account = await createAccount('stems');
    const [beat] = await leaseBeats(1, 5, true);
    await api('/api/stemscart', account.token, { method: 'POST', body: { userId: account.user._id, beatId: beat!._id } });

    const { page, errors } = await openPage(account);
    await page.goto('/cart');
    await page.getByRole('list', { name: 'Stems' }).getByText(beat!.beatTitle).click();
    await page.getByTestId('summary-items-stems').getByText(beat!.beatTitle).waitFor();
    await page.getByRole('button', { name: 'Pay Now' }).last().click();
    await payAtTestCheckout(page);
    await expectPaid(page);

    await page.goto('/user-dashboard');
    await page.getByRole('heading', { name: 'Purchased Stems' }).waitFor();
    const grid = page.getByRole('list', { name: 'Purchased stems' });
    await grid.getByRole('heading', { name: beat!.beatTitle }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      grid.getByRole('button', { name: `Download Stems: ${beat!.beatTitle}` }).click(),
    ]);
    const zip = await readFile((await download.path())!);
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect(errors).toEqual([]);
  });

  it('buys an exclusive with Buy, sees it leave the store and finds it under My Exclusive Beats', async () => {
    const account = await createAccount('exclusive');
    const list = await exclusives();
    const beat = list[Math.floor(list.length / 2)]!;

    const { page, errors } = await openPage(account);
    await page.goto(`/exclusives?q=${encodeURIComponent(beat.beatTitle)}`);
    await page.getByRole('article', { name: beat.beatTitle }).getByRole('button', { name: 'Buy' }).click();
    await payAtTestCheckout(page);
    await expectPaid(page);

    await page.goto('/exclusives');
    await page.getByRole('heading', { name: 'NEW EXCLUSIVES' }).waitFor();
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('article', { name: beat.beatTitle }).count()).toBe(0);
    const still = await exclusives();
    expect(still.some((b) => b._id === beat._id)).toBe(false);

    await page.goto('/user-dashboard');
    await page.getByRole('heading', { name: 'My Exclusive Beats' }).waitFor();
    const mine = page.getByRole('list', { name: 'My exclusive beats' });
    await mine.getByText(beat.beatTitle).waitFor();
    const today = new Date().toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
    await mine.getByText(`Purchased on: ${today}`).waitFor();
    await mine.getByRole('button', { name: 'License options' }).click();
    const dialog = page.getByRole('dialog', { name: 'License options' });
    await dialog.getByRole('button', { name: /Download license \(PDF\)/ }).waitFor();
    await dialog.getByRole('button', { name: 'Download Wav' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('turns the user VIP with the VIP plan', async () => {
    const account = await createAccount('vip');
    const { page, errors } = await openPage(account);
    await page.goto('/');
    await page.getByRole('button', { name: 'GET ACCESS' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock the VIP catalog' });
    await dialog.getByRole('button', { name: 'Get Access' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/test-checkout/'));
    await page.getByText('VIP catalog plan').first().waitFor();
    await page.getByText('$29.00').first().waitFor();
    await payAtTestCheckout(page);
    await expectPaid(page);

    const { user } = await api<{ user: User }>('/api/getuser', account.token, { method: 'POST', body: { email: account.user.email } });
    expect(user.userType).toBe('vipUser');
    await page.goto('/purchase-history');
    await page.getByText('VIP Member').first().waitFor();
    await page.getByRole('table').getByText('VIP Plan').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('accessibility', () => {
  it.each(auditViewports)('the cart, dashboard, history and success pages have no serious or critical axe findings (%s)', async (_name, viewport) => {
    const [beat] = await leaseBeats(1, viewport === mobile ? 31 : 30);
    const { context, page } = await auditPageWithCart(browser(), 'axe', beat!, viewport);
    await page.goto('/cart');
    await page.getByLabel('Select all beats').check();
    expect(await axeFindings(page)).toEqual([]);
    for (const [path, heading] of [
      ['/user-dashboard', 'Dashboard'],
      ['/purchase-history', 'Purchase History'],
      // Opened without a checkout session: there is no payment to show.
      ['/paymentConfirm', 'No payment to show'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await animationsSettled(page);
      expect(await axeFindings(page), path).toEqual([]);
    }
    await context.close();
  });
});
