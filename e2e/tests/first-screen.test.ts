/**
 * The drawn first screens of `/`, `/beats`, `/exclusives` and `/login` (docs/decisions/0019-first-screen.md): the app
 * hydrates the drawing without a mismatch, whoever visits and at any width, and keeps what the visitor typed or chose
 * in it before the page's code had run; a drawn form waits for the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import type { BeatPage } from '@beat/shared';
import { createAccount, signIn } from '../support/accounts.js';
import { baseURL, desktop, launchBrowser, mobile, newContext, type Viewport } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page whose console errors and uncaught errors are kept; React reports a hydration mismatch as a console error (main.tsx). */
async function openPage(viewport: Viewport = desktop) {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

/** Holds back every script of the app until `release()`: the drawn page is there, its code is not. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  return {
    held: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** The app has taken the page over: the filter bar's buttons work (they wait for it: docs/decisions/0019-first-screen.md). */
async function takenOver(page: Page, bar = 'Filter and sort beats') {
  // A phone hides the bar's own buttons behind "Filters"; they are there all the same.
  await page
    .getByRole('region', { name: bar })
    .getByRole('button', { name: 'Genre', includeHidden: true })
    .and(page.locator(':enabled'))
    .waitFor({ state: 'attached' });
}

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${baseURL()}${path}`)).json()) as T;
}

const screens = [
  { path: '/', heading: /Find the beat that/, bar: 'Filter and sort beats' },
  { path: '/beats', heading: /Find the beat that/, bar: 'Filter and sort beats' },
  { path: '/exclusives', heading: /NEW EXCLUSIVES/i, bar: 'Filter and sort exclusives' },
] as const;

describe('drawn first screens', () => {
  it('are hydrated, not redrawn, with no mismatch, for a visitor with a cart and a signed-in buyer, on a phone and a desktop', async () => {
    const buyer = await createAccount('first-screen');
    for (const signedIn of [false, true]) {
      for (const viewport of [mobile, desktop]) {
        const { context, page, problems } = await openPage(viewport);
        if (signedIn) {
          await signIn(page, buyer);
        } else {
          // A visitor's cart lives in the browser (a signed-in buyer's would join the account's).
          await page.goto('/favicon.svg');
          await page.evaluate(() => localStorage.setItem('beatCart', JSON.stringify([{ _id: 'x', beatTitle: 'Kept', price: 30 }])));
        }
        for (const screen of screens) {
          const scripts = await holdScripts(page);
          await page.goto(screen.path, { waitUntil: 'commit' });
          const heading = await page.getByRole('heading', { level: 1, name: screen.heading }).elementHandle({ timeout: 15_000 });
          expect(heading, `${screen.path} is drawn before any script`).not.toBeNull();
          await expect.poll(scripts.held).toBeGreaterThan(0);
          await scripts.release();
          await takenOver(page, screen.bar);
          // Hydration keeps the drawn elements; a redraw would have replaced them.
          if (!(await heading!.evaluate((element) => element.isConnected))) problems.push(`${screen.path}: the drawn heading was replaced`);
          // What only the browser knows shows once the app has taken over.
          if (signedIn) {
            await page.getByRole('link', { name: 'Your account' }).waitFor();
          } else {
            await page.getByRole('link', { name: 'Signup/Login' }).waitFor();
            await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
          }
          if (viewport === mobile) await page.getByRole('button', { name: 'Open menu' }).and(page.locator(':enabled')).waitFor();
          await page.unroute(/\/assets\/.*\.js$/);
        }
        expect(problems, `${signedIn ? 'buyer' : 'visitor'} at ${viewport.width} px`).toEqual([]);
        await context.close();
      }
    }
  });

  it('keeps a search typed and a maximum price chosen before the page\'s code has run, and applies them once it has', async () => {
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=1');
    const target = beats[0]!;
    const priceMax = 50;
    const { context, page, problems } = await openPage();
    const scripts = await holdScripts(page);
    // Not waiting for the page's load: it waits for the scripts held back.
    await page.goto('/', { waitUntil: 'commit' });

    // The drawn page, no script yet: the visitor types and chooses.
    const box = page.getByRole('searchbox', { name: 'Search for beats or tags' });
    await box.fill(target.beatTitle);
    const bar = page.getByRole('region', { name: 'Filter and sort beats' });
    await bar.getByLabel('Max price').selectOption(String(priceMax));
    // The buttons that need the app say so until it is there, rather than swallowing a press.
    expect(await bar.getByRole('button', { name: 'Genre' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.querySelectorAll('script[src]').length)).toBeGreaterThan(0);
    expect(scripts.held()).toBeGreaterThan(0);
    expect(new URL(page.url()).search).toBe('');

    await scripts.release();
    await takenOver(page);
    // The app took the search and the price as if they had been given after it came: both are in the address and the list.
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), { timeout: 15_000 }).toBe(target.beatTitle);
    expect(new URL(page.url()).searchParams.get('priceMax')).toBe(String(priceMax));
    expect(await box.inputValue()).toBe(target.beatTitle);
    expect(await bar.getByLabel('Max price').inputValue()).toBe(String(priceMax));
    const expected = (
      await api<BeatPage>(`/api/beats?type=Non-Exclusive&limit=24&q=${encodeURIComponent(target.beatTitle)}&priceMax=${priceMax}`)
    ).beats;
    expect(expected.length).toBeGreaterThan(0);
    const rows = page.getByRole('list', { name: /VIP CATALOG/i }).locator(':scope > li');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(expected.length);
    for (const beat of expected) await rows.getByText(beat.beatTitle, { exact: true }).first().waitFor();

    // The buttons work now.
    await bar.getByRole('button', { name: 'Genre' }).click();
    await bar.getByRole('checkbox', { name: /^Hip Hop/ }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('draws a searched or filtered address in the app, so the search is never shown empty', async () => {
    const { context, page, problems } = await openPage();
    const scripts = await holdScripts(page);
    await page.goto('/?q=phonk', { waitUntil: 'commit' });
    await page.locator('#root').waitFor({ state: 'attached' });
    expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
    await scripts.release();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search for beats or tags' }).inputValue()).toBe('phonk');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('draws the login page with its form waiting for the app, and signs in once the app has taken over', async () => {
    const buyer = await createAccount('first-screen-login');
    const { context, page, problems } = await openPage(mobile);
    const scripts = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const heading = await page.getByRole('heading', { level: 1, name: 'Welcome back' }).elementHandle({ timeout: 15_000 });
    expect(heading, '/login is drawn before any script').not.toBeNull();
    expect(await page.title()).toBe('Login · Beat Market');
    // Nothing can be typed into the form before its code is there to take it.
    const email = page.getByRole('textbox', { name: 'Email' });
    expect(await email.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Login', exact: true }).isDisabled()).toBe(true);
    expect(scripts.held()).toBeGreaterThan(0);

    await scripts.release();
    await page.getByRole('textbox', { name: 'Email' }).and(page.locator(':enabled')).waitFor();
    expect(await heading!.evaluate((element) => element.isConnected), 'the drawn heading is kept').toBe(true);
    await email.fill(buyer.user.email);
    await page.getByLabel('Password', { exact: true }).fill(buyer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    await page.getByRole('link', { name: 'Your account' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
