/**
 * My Library (docs/product/library.md) as people use it: a lease bought through the built-in test checkout leads
 * from the payment confirmation to the library, first and marked, with a working download and license; a credit
 * unlock appears there; a VIP member finds the whole VIP catalog, searchable and filterable; Purchase History rows
 * lead to the beat in the library and to the license; the confirmation page without a payment says so. Each test
 * uses its own fresh account and beats nobody else buys.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { maskName, type AuthResponse, type Beat, type BeatPage, type DownloadLink, type LibraryPage, type PurchasesResponse } from '@beat/shared';
import { apiLogin, createAccount, demo, signIn } from '../support/accounts.js';
import { animationsSettled, auditContext, auditViewports, baseURL, mobile, type Viewport } from '../support/browser.js';
import { api } from '../support/api.js';
import { axeFindings } from '../support/axe.js';
import { payAtTestCheckout } from '../support/steps.js';
import { fileBrowser, openPage as openPageIn } from '../support/suite.js';


const browser = fileBrowser();


const openPage = (session?: AuthResponse, viewport?: Viewport) => openPageIn(browser(), session, viewport);

/** Priced VIP catalog beats from the middle of the list: the other files take theirs from either end. */
async function leaseBeats(n: number, offset: number): Promise<Beat[]> {
  const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
  const priced = beats.filter((b) => b.price !== null);
  const start = Math.min(Math.floor(priced.length / 2) + offset, priced.length - n);
  return priced.slice(start, start + n);
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { download, bytes: await readFile(await download.path()) };
}

/** The stored file's size, from a one-byte Range request on a fresh signed link. */
async function fileSize(session: AuthResponse, beatId: string, fileType: 'mp3' | 'wav' | 'stems'): Promise<number> {
  const link = await api<DownloadLink>('/api/download', session.token, { method: 'POST', body: { beatId, userId: session.user._id, fileType } });
  const res = await fetch(`${baseURL()}${link.url}`, { headers: { range: 'bytes=0-0' } });
  expect(res.status).toBe(206);
  return Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
}

/** A fresh account the admin made a VIP member. */
async function vipAccount(): Promise<AuthResponse> {
  const account = await createAccount('lib-vip');
  const admin = await apiLogin(demo.admin);
  await api(`/api/admin/users/${account.user._id}/promote`, admin.token, { method: 'POST' });
  return apiLogin(account.user.email, account.password);
}

const shotsDir = '/tmp/shots/library';
/** Screenshots for looking at the screens (LIBRARY_SHOTS=1). */
async function shoot(page: Page, name: string) {
  if (!process.env.LIBRARY_SHOTS) return;
  await mkdir(shotsDir, { recursive: true });
  for (const width of [390, 1100, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await animationsSettled(page);
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage: true });
  }
}

describe('after payment', () => {
  it('leads from the confirmation to My Library, the new beat first with its download and license; history rows lead back', async () => {
    const account = await createAccount('lib-buy');
    const [beat] = await leaseBeats(1, 3);
    await api('/api/cart', account.token, { method: 'POST', body: { userId: account.user._id, beatId: beat!._id } });

    const { page, errors } = await openPage(account);
    await page.goto('/cart');
    await page.getByLabel('Select all beats').check();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await payAtTestCheckout(page);
    await page.waitForURL((u) => u.pathname === '/paymentConfirm');
    await page.getByRole('heading', { name: 'Payment Successful', level: 1 }).waitFor();
    await page.getByText('Creating your dashboard experience...').waitFor();
    await shoot(page, 'payment-confirm');
    await page.getByRole('link', { name: 'Go to My Library' }).click();

    await page.waitForURL((u) => u.pathname === '/library' && u.searchParams.has('just'));
    await page.getByRole('heading', { name: 'My Library', level: 1 }).waitFor();
    await page.getByText('Your new beat is ready to download.').waitFor();
    const owned = page.getByRole('list', { name: 'Your beats' });
    const first = owned.getByRole('listitem').first();
    await first.getByText(beat!.beatTitle, { exact: true }).waitFor();
    await first.getByText('Just bought').waitFor();
    await first.getByText('MP3 Lease', { exact: false }).waitFor();
    // A lease is the MP3 only.
    expect(await first.getByRole('button', { name: /^Download Wav/ }).count()).toBe(0);

    // The download is the file itself, saved by the browser from a signed link.
    const mp3 = await downloaded(page, () => first.getByRole('button', { name: `Download Mp3: ${beat!.beatTitle}` }).click());
    expect(mp3.download.suggestedFilename()).toBe(`${beat!.beatTitle}.mp3`);
    const id3 = mp3.bytes.subarray(0, 3).toString('latin1') === 'ID3';
    const sync = mp3.bytes[0] === 0xff && (mp3.bytes[1]! & 0xe0) === 0xe0;
    expect(id3 || sync).toBe(true);
    expect(mp3.bytes.length).toBe(await fileSize(account, beat!._id, 'mp3'));

    const license = await downloaded(page, () => first.getByRole('button', { name: `License (PDF): ${beat!.beatTitle}` }).click());
    expect(license.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await shoot(page, 'library-buyer');

    // Purchase History: the row leads to the beat in the library, and to its license.
    await page.goto('/purchase-history');
    await page.getByRole('heading', { name: 'Purchase History', level: 1 }).waitFor();
    const historyLicense = await downloaded(page, () => page.getByRole('button', { name: `License (PDF): ${beat!.beatTitle}` }).click());
    expect(historyLicense.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await shoot(page, 'purchase-history');

    // The row's license id opens its public verification page (docs/product/licenses.md#verification), which
    // anyone may open, logged in or not.
    const [purchase] = (await api<PurchasesResponse>(`/api/getrecentpurchases/${account.user._id}`, account.token)).purchases;
    await page.getByRole('link', { name: `License ${purchase!.licenseId}` }).click();
    await page.waitForURL((u) => u.pathname === `/licenses/verify/${purchase!.licenseId}`);
    await page.getByRole('heading', { name: 'Valid license', level: 1 }).waitFor();
    await page.getByRole('status').getByText('This license was issued by Beat Market and is in force.').waitFor();
    await page.getByRole('link', { name: beat!.beatTitle }).waitFor();
    await page.getByText(maskName(account.user.fullName), { exact: true }).waitFor();
    await page.getByText('MP3 Lease', { exact: true }).waitFor();
    await shoot(page, 'license-verify');
    const visitor = await openPage();
    await visitor.page.goto(purchase!.verifyUrl.replace(/^https?:\/\/[^/]+/, ''));
    await visitor.page.getByRole('heading', { name: 'Valid license', level: 1 }).waitFor();
    await visitor.page.goto('/licenses/verify/0000-0000-0000-0000-0000-0000');
    await visitor.page.getByText('No such license').waitFor();
    await visitor.page.context().close();
    expect(visitor.errors.filter((e) => !/404/.test(e))).toEqual([]);

    await page.goto('/purchase-history');
    await page.getByRole('link', { name: `Downloads: ${beat!.beatTitle}` }).click();
    await page.waitForURL((u) => u.pathname === '/library' && u.searchParams.get('beat') === beat!._id);
    const marked = page.locator('li[aria-current="true"]');
    await marked.getByText(beat!.beatTitle, { exact: true }).waitFor();
    await marked.getByRole('button', { name: `Download Mp3: ${beat!.beatTitle}` }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says there is no payment to show without a checkout session, or with one that is not the user’s', async () => {
    const account = await createAccount('lib-nopay');
    const { page, errors } = await openPage(account);
    for (const path of ['/paymentConfirm', '/paymentConfirm?session_id=cs_test_not_a_real_session']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'No payment to show', level: 1 }).waitFor();
      expect(await page.getByText('Payment Successful').count()).toBe(0);
      await page.getByRole('link', { name: 'Back to the store' }).waitFor();
    }
    await shoot(page, 'no-payment');
    await page.getByRole('link', { name: 'Back to the store' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await page.context().close();
  });
});

describe('credit unlocks and the VIP catalog', () => {
  it('lists a beat unlocked with a credit, with its MP3 and WAV', async () => {
    const account = await createAccount('lib-credit');
    const admin = await apiLogin(demo.admin);
    await api(`/api/admin/users/${account.user._id}`, admin.token, { method: 'PATCH', body: { credits: 1 } });
    const [beat] = await leaseBeats(1, 6);
    await api('/api/reduce-credits', account.token, { method: 'POST', body: { email: account.user.email, beatId: beat!._id } });

    const { page, errors } = await openPage(account);
    await page.goto('/library');
    const item = page.getByRole('list', { name: 'Your beats' }).getByRole('listitem').first();
    await item.getByText(beat!.beatTitle, { exact: true }).waitFor();
    await item.getByText('Credit unlock').waitFor();
    await item.getByRole('button', { name: `Download Mp3: ${beat!.beatTitle}` }).waitFor();
    const wav = await downloaded(page, () => item.getByRole('button', { name: `Download Wav: ${beat!.beatTitle}` }).click());
    expect(wav.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    // A credit unlock is not a purchase: no license PDF of its own.
    expect(await item.getByRole('button', { name: /License \(PDF\)/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a VIP member the whole VIP catalog, searchable and filterable with the catalog’s filters', async () => {
    const session = await vipAccount();
    const whole = await api<LibraryPage>(`/api/users/${session.user._id}/library?section=vipCatalog&limit=100`, session.token);
    const jazz = await api<LibraryPage>(`/api/users/${session.user._id}/library?section=vipCatalog&limit=100&genre=Jazz`, session.token);
    expect(jazz.items.length).toBeGreaterThan(0);
    const [target] = await leaseBeats(1, 9);

    const { page, errors } = await openPage(session);
    await page.goto('/library');
    await page.getByText('Your library is empty').waitFor();
    await page.getByRole('heading', { name: 'Whole VIP catalog' }).waitFor();
    const list = page.getByRole('list', { name: 'VIP catalog beats' });
    await list.getByRole('listitem').first().waitFor();
    const rows = list.locator(':scope > li');
    expect(await rows.count()).toBe(Math.min(24, whole.items.length));
    await shoot(page, 'library-vip');

    // Search: the beat named.
    await page.getByRole('searchbox', { name: 'Search the VIP catalog' }).fill(target!.beatTitle);
    await page.waitForURL((u) => u.searchParams.get('q') === target!.beatTitle);
    const found = list.getByRole('listitem', { name: target!.beatTitle });
    await found.getByRole('button', { name: `Download Wav: ${target!.beatTitle}` }).waitFor();
    await expect.poll(() => rows.count()).toBeLessThan(whole.items.length);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL((u) => !u.searchParams.has('q'));

    // A genre from the filter bar narrows the list to that genre.
    const bar = page.getByRole('region', { name: 'Filter the VIP catalog' });
    await bar.getByRole('button', { name: 'Genre' }).click();
    await bar.getByRole('checkbox', { name: /^Jazz/ }).check();
    await page.keyboard.press('Escape');
    await page.waitForURL((u) => u.searchParams.getAll('genre').length === 1);
    // The list before the filter may have as many rows: wait for the filtered answer itself.
    await expect.poll(async () => (await list.locator('.lib-row__meta').allTextContents()).every((text) => text.includes('Jazz'))).toBe(true);
    expect(await rows.count()).toBe(Math.min(24, jazz.items.length));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('accessibility', () => {
  it.each(auditViewports)('My Library has no serious or critical axe findings (%s)', async (_name, viewport) => {
    // A member who unlocked a beat with a credit, then joined the VIP plan: both parts of the library.
    const account = await createAccount('lib-axe');
    const [beat] = await leaseBeats(1, viewport === mobile ? 12 : 11);
    const admin = await apiLogin(demo.admin);
    await api(`/api/admin/users/${account.user._id}`, admin.token, { method: 'PATCH', body: { credits: 1 } });
    await api('/api/reduce-credits', account.token, { method: 'POST', body: { email: account.user.email, beatId: beat!._id } });
    await api(`/api/admin/users/${account.user._id}/promote`, admin.token, { method: 'POST' });
    const session = await apiLogin(account.user.email, account.password);
    const context = await auditContext(browser(), viewport);
    const page = await context.newPage();
    await signIn(page, session);
    await page.goto('/library');
    await page.getByRole('heading', { name: 'My Library', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Your beats' }).getByText(beat!.beatTitle, { exact: true }).waitFor();
    await page.getByRole('list', { name: 'VIP catalog beats' }).getByRole('listitem').first().waitFor();
    await animationsSettled(page);
    expect(await axeFindings(page)).toEqual([]);
    await context.close();
  });
});
