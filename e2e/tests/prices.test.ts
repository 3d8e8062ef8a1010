/**
 * Prices in the open (docs/product/screens-and-words.md#beat-rows-and-cards, #dates-and-prices): catalog rows show the
 * server's lease price with Add to Cart (or "VIP"), the beat pop-up offers only what can be bought, every price on
 * screen has its cents, screens say "License", and the admin lists turn into cards on a phone with nothing cut off.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AuthResponse, Beat, BeatPage } from '@beat/shared';
import { apiLogin, createAccount, demo, signIn } from '../support/accounts.js';
import { animationsSettled, auditContext, auditViewports, baseURL, mobile, newContext, watchErrors, type Viewport } from '../support/browser.js';
import { axeFindings } from '../support/axe.js';
import { fileBrowser } from '../support/suite.js';

const browser = fileBrowser();

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function openPage(session?: AuthResponse, viewport?: Viewport, bypassCSP = false): Promise<{ page: Page; errors: string[] }> {
  const context = bypassCSP
    ? await auditContext(browser(), viewport)
    : await newContext(browser(), viewport);
  const page = await context.newPage();
  const errors = watchErrors(page);
  if (session) await signIn(page, session);
  return { page, errors };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const money = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Catalog beats with a lease price, taken from the middle of the list (other files take from its ends). */
async function leaseBeats(): Promise<Beat[]> {
  const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
  return beats.filter((b) => b.price !== null).slice(40, 60);
}

/**
 * Amounts on screen without their cents ("$29", "$25.0", "$1,200"), outside the fixed words that quote one (the
 * upsell banner's '…VIP catalog for $29').
 */
async function unformattedPrices(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const withoutQuotes = text.replace(/Get FULL access to the 300\+ beats VIP catalog for \$\d+/g, '');
  return [...withoutQuotes.matchAll(/\$\d[\d,]*(\.\d+)?/g)].map((m) => m[0]).filter((price) => !/^\$\d{1,3}(,\d{3})*\.\d\d$/.test(price));
}

async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/** The catalog's first screen is prerendered: wait until the app has taken over before clicking in it. */
async function waitForTakeover(page: Page) {
  await page.getByRole('button', { name: 'Genre' }).first().and(page.locator(':enabled')).waitFor();
}

describe('catalog rows', () => {
  it('show the server’s lease price with Add to Cart, and a row’s Add to Cart fills the cart', async () => {
    const beat = (await leaseBeats())[0]!;
    const { page, errors } = await openPage();
    await page.goto(`/?q=${encodeURIComponent(beat.beatTitle)}`);
    await waitForTakeover(page);
    const rows = page.getByRole('list', { name: 'VIP CATALOG' });
    const row = rows.getByRole('listitem').filter({ has: page.getByRole('link', { name: beat.beatTitle, exact: true }) }).first();
    await row.waitFor();
    await row.getByText(money(beat.price!), { exact: true }).waitFor();

    const add = row.getByRole('button', { name: new RegExp(`^Add to Cart\\s+— MP3 lease of ${escapeRegExp(beat.beatTitle)}$`) });
    await add.click();
    await page.getByText(`${beat.beatTitle} Added to Cart`).waitFor();
    const remove = row.getByRole('button', { name: new RegExp(`^Remove From Cart\\s+— MP3 lease of ${escapeRegExp(beat.beatTitle)}$`) });
    await remove.waitFor();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    // The longer label still fits its column, short of the heart beside it.
    const [button, heart] = await Promise.all([remove.boundingBox(), row.getByRole('button', { name: /favourites$/ }).boundingBox()]);
    expect(button!.x + button!.width).toBeLessThan(heart!.x);

    // The cart holds the MP3 lease at the same price.
    await page.goto('/cart');
    const item = page.getByRole('listitem').filter({ hasText: beat.beatTitle }).first();
    await item.getByText('MP3', { exact: true }).waitFor();
    await item.getByText(money(beat.price!), { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('say "VIP" for a beat only the plan reaches, and every row of /vip has a price or "VIP"', async () => {
    const { page, errors } = await openPage(undefined, mobile);
    await page.goto('/vip');
    const list = page.getByRole('list', { name: /Beats included|VIP CATALOG/ }).first();
    await list.getByRole('listitem').first().waitFor();
    const rows = await list.locator(':scope > li').evaluateAll((items) => items.map((li) => (li as HTMLElement).innerText));
    expect(rows.length).toBeGreaterThan(0);
    for (const text of rows) expect(text, text).toMatch(/\$\d[\d,]*\.\d\d|\bVIP\b/);

    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
    const planOnly = beats.find((b) => b.price === null);
    if (planOnly) {
      await page.goto(`/vip?q=${encodeURIComponent(planOnly.beatTitle)}`);
      const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: planOnly.beatTitle, exact: true }) }).first();
      await row.getByText(/^VIP: only with the VIP plan$/).waitFor();
      expect(await row.getByRole('button', { name: /Add to Cart/ }).count()).toBe(0);
    }
    // A 390 px row keeps its offer inside the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const button of await page.getByRole('button', { name: /^Add to Cart/ }).all()) {
      const box = await button.boundingBox();
      if (box) expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(errors).toEqual([]);
  });
});

describe('the beat pop-up', () => {
  it('offers a catalog beat’s lease, stems and plan, and no exclusive license without a price', async () => {
    const account = await createAccount('prices');
    // One with stems: a beat without a stems file has no Stems card.
    const beat = (await leaseBeats()).find((b, i) => i !== 0 && i !== 2 && b.hasStems)!;
    const { page, errors } = await openPage(account);
    await page.goto(`/?q=${encodeURIComponent(beat.beatTitle)}`);
    await waitForTakeover(page);
    await page.getByRole('button', { name: new RegExp(`^Download ${escapeRegExp(beat.beatTitle)}`) }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Get this beat' });
    await dialog.getByRole('heading', { name: 'Buy a license' }).waitFor();
    for (const name of ['VIP Catalog', 'MP3 lease', 'Stems']) await dialog.getByRole('heading', { name, exact: true }).waitFor();
    expect(await dialog.getByRole('heading', { name: 'Exclusive', exact: true }).count()).toBe(0);
    expect(await dialog.getByText('No price for this beat').count()).toBe(0);

    const config = await api<{ vipPlanPrice: number; stemsPrice: number }>('/api/config');
    const lease = dialog.getByRole('listitem', { name: 'MP3 lease' });
    await lease.getByText(money(beat.price!), { exact: true }).waitFor();
    await dialog.getByRole('listitem', { name: 'VIP Catalog' }).getByText(money(config.vipPlanPrice), { exact: true }).waitFor();
    await dialog.getByRole('listitem', { name: 'Stems' }).getByText(money(config.stemsPrice), { exact: true }).waitFor();
    expect(await unformattedPrices(page)).toEqual([]);
    expect(await visibleText(page)).not.toMatch(/licence/i);

    // The lease goes into the cart from the pop-up too.
    await lease.getByRole('button', { name: /^Add to Cart/ }).click();
    await page.getByText(`${beat.beatTitle} Added to Cart`).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('prices and words on screen', () => {
  it('have their cents and say "License" on /, /vip, the cart and a beat page', async () => {
    const account = await createAccount('prices');
    const beat = (await leaseBeats())[2]!;
    const { page, errors } = await openPage(account);
    // Something in the cart, so its rows and summary show prices.
    await page.goto(`/beat/${beat.slug}`);
    await page.getByRole('heading', { name: 'Get this beat' }).waitFor();
    await page.getByRole('listitem', { name: 'MP3 lease' }).getByRole('button', { name: /^Add to Cart/ }).click();
    await page.getByText(`${beat.beatTitle} Added to Cart`).waitFor();
    await page.getByRole('listitem', { name: 'VIP Catalog' }).getByText(/^\$\d+\.\d\d$/).waitFor();
    expect(await unformattedPrices(page), 'beat page').toEqual([]);
    expect(await visibleText(page), 'beat page').not.toMatch(/licence/i);

    for (const [path, ready] of [
      ['/', () => page.getByRole('list', { name: 'VIP CATALOG' }).getByText(/^\$\d+\.\d\d$/).first()],
      ['/vip', () => page.getByRole('list', { name: 'Beats included' }).getByText(/^\$\d+\.\d\d$/).first()],
      ['/cart', () => page.getByText('Select all beats')],
    ] as const) {
      await page.goto(path);
      await ready().waitFor();
      if (path === '/cart') await page.getByLabel('Select all beats').check();
      await animationsSettled(page);
      expect(await unformattedPrices(page), path).toEqual([]);
      expect(await visibleText(page), path).not.toMatch(/licence/i);
    }
    expect(errors).toEqual([]);
  });
});

describe('admin lists on a phone', () => {
  it('turn into cards: nothing wider than the screen, every action button on it', async () => {
    const admin = await apiLogin(demo.admin);
    const { page, errors } = await openPage(admin, mobile);
    for (const [path, heading, action] of [
      ['/admin/user-management', 'Users', /^Edit /],
      ['/admin/beats-management', 'Leases', /^Edit /],
    ] as const) {
      await page.goto(path);
      const card = page.getByRole('region', { name: new RegExp(`^${heading}`) }).first();
      await card.getByRole('cell').first().waitFor();
      await animationsSettled(page);
      const wide = await page.evaluate(() => {
        const limit = document.documentElement.clientWidth;
        return Array.from(document.querySelectorAll<HTMLElement>('body *'))
          .filter((el) => el.getBoundingClientRect().width > limit + 0.5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      });
      expect(wide, path).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBeLessThanOrEqual(0);
      // The table's own box does not scroll sideways either: nothing of a row is hidden beyond its right edge.
      const scroller = card.getByRole('region').first();
      expect(await scroller.evaluate((region) => region.scrollWidth - region.clientWidth), path).toBeLessThanOrEqual(0);
      // Each row a card with its labels, the price and the buttons inside the screen.
      const firstRow = card.getByRole('row').filter({ has: page.getByRole('button', { name: action }) }).first();
      expect(await firstRow.evaluate((tr) => getComputedStyle(tr).display)).toBe('block');
      // Each value carries its column's name.
      expect(await firstRow.evaluate((tr) => Array.from(tr.children).every((td) => td.getAttribute('data-label')))).toBe(true);
      const buttons = await card.getByRole('button', { name: action }).all();
      expect(buttons.length).toBeGreaterThan(0);
      for (const button of buttons.slice(0, 5)) {
        await button.scrollIntoViewIfNeeded();
        expect(await button.isVisible()).toBe(true);
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      if (path === '/admin/beats-management') {
        const price = card.getByRole('cell').filter({ hasText: /^\$\d[\d,]*\.\d\d$/ }).first();
        await price.waitFor();
        const box = (await price.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
    }
    expect(errors).toEqual([]);
  });

  it('keep their table on a wide screen', async () => {
    const admin = await apiLogin(demo.admin);
    const { page } = await openPage(admin);
    await page.goto('/admin/user-management');
    const header = page.getByRole('columnheader', { name: 'Registration date' });
    await header.waitFor();
    expect(await header.isVisible()).toBe(true);
    // The newest accounts come first: the first row of the list, whoever it is (the browser tests make many accounts).
    const email = page.getByRole('cell', { name: /@/ }).first();
    await email.waitFor();
    expect(await email.evaluate((td) => getComputedStyle(td.parentElement!).display)).toBe('table-row');
    expect(await email.evaluate((td) => getComputedStyle(td).display)).toBe('table-cell');
  });
});

describe('accessibility', () => {
  it.each(auditViewports)('/vip and the admin lists have no serious or critical axe findings (%s)', async (_name, viewport) => {
    const { page } = await openPage(undefined, viewport, true);
    await page.goto('/vip');
    await page.getByRole('list', { name: 'Beats included' }).getByText(/^\$\d+\.\d\d$/).first().waitFor();
    expect(await axeFindings(page), '/vip').toEqual([]);

    await page.context().close();

    const admin = await apiLogin(demo.admin);
    const { page: adminPage } = await openPage(admin, viewport, true);
    for (const [path, tab] of [
      ['/admin/user-management'],
      ['/admin/beats-management'],
      ['/admin/analytics', 'Beats'],
      ['/admin/analytics', 'Users'],
    ] as const) {
      if (!tab || !adminPage.url().endsWith(path)) await adminPage.goto(path);
      if (tab) await adminPage.getByRole('tab', { name: tab }).click();
      await adminPage.getByRole('cell').first().waitFor();
      await animationsSettled(adminPage);
      expect(await axeFindings(adminPage), `${path} ${tab ?? ''}`).toEqual([]);
    }
    await adminPage.context().close();
  });
});
