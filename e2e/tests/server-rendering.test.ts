/**
 * Pages rendered on the server with their data and hydrated by React (docs/decisions/0030-server-rendering.md): the
 * HTML carries the beats before any script runs, React hydrates it without a mismatch and keeps its elements, and
 * what a visitor does while the code is on its way is not lost.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import type { BeatPage, BeatTiersResponse } from '@beat/shared';
import { apiLogin, createAccount, demo } from '../support/accounts.js';
import { baseURL, desktop, mobile, newContext, type Viewport } from '../support/browser.js';
import { fileBrowser } from '../support/suite.js';

const browser = fileBrowser();
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${baseURL()}${path}`)).json()) as T;
}

/** The page's HTML as the server sends it, before any script: what a crawler, a link preview or a slow phone gets. */
async function serverHtml(path: string): Promise<string> {
  const res = await fetch(`${baseURL()}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The page's HTML as the server sends it to the holder of a session cookie. */
async function htmlFor(path: string, token: string): Promise<string> {
  const res = await fetch(`${baseURL()}${path}`, { headers: { cookie: `bm_session=${token}` } });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** Text of an HTML fragment, as a person reads it (tags out, entities of the escaped titles back). */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

/** #root's HTML as sent. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="app-state">');
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

/** A page whose console errors and uncaught errors are kept; React reports a hydration mismatch as one (main.tsx). */
async function openPage(viewport: Viewport = desktop) {
  const context = await newContext(browser(), viewport);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

/** Holds back the app's scripts that match `which` until `release()`. */
async function holdScripts(page: Page, which: RegExp = /\/assets\/.*\.js$/) {
  const held: Route[] = [];
  let released = false;
  await page.route(which, (route) => {
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

/** React has hydrated #main: its elements carry React's fiber. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
}

describe('the HTML the server sends', () => {
  it('carries the first exclusives and catalog rows on /, with their prices and buttons', async () => {
    const [exclusives, rows] = await Promise.all([
      api<BeatPage>('/api/beats?type=Exclusive&limit=4'),
      api<BeatPage>('/api/beats?type=Non-Exclusive&limit=5'),
    ]);
    expect(exclusives.beats.length).toBeGreaterThan(0);
    expect(rows.beats.length).toBe(5);
    for (const path of ['/', '/beats']) {
      const text = textOf(rootOf(await serverHtml(path)));
      for (const beat of [...exclusives.beats, ...rows.beats]) expect(text, `${path} shows ${beat.beatTitle}`).toContain(beat.beatTitle);
      expect(text).toContain('NEW EXCLUSIVES');
      expect(text).toContain('VIP CATALOG');
      expect(text).toMatch(/Add to Cart/);
      expect(text).toMatch(/\$\d+\.\d\d/);
    }
  });

  it('carries the beats of /vip and /exclusives, and a beat page with its offers', async () => {
    const rows = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=3');
    const vip = textOf(rootOf(await serverHtml('/vip')));
    for (const beat of rows.beats) expect(vip).toContain(beat.beatTitle);

    const exclusives = await api<BeatPage>('/api/beats?type=Exclusive&limit=3');
    const grid = textOf(rootOf(await serverHtml('/exclusives')));
    for (const beat of exclusives.beats) expect(grid).toContain(beat.beatTitle);

    const beat = rows.beats[0]!;
    const page = await serverHtml(`/beat/${beat.slug}`);
    const text = textOf(rootOf(page));
    expect(text).toContain(beat.beatTitle);
    expect(text).toContain(beat.artistName);
    expect(text).toMatch(/Add to Cart|VIP/);
    // The beat's own head stays: one title, the beat's.
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page).toContain(`<title>${beat.beatTitle.replace(/&/g, '&amp;')} by`);
  });

  it("carries a beat's licence tiers as its caller sees them, never handing a signed-in caller's to a visitor", async () => {
    const rows = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
    const beat = rows.beats.find((b) => b.price !== null && b.wavFileLink)!;
    const { tiers } = await api<BeatTiersResponse>(`/api/beats/${beat._id}/tiers`);
    const wav = tiers.find((tier) => tier.key === 'wav')!;
    expect(wav).toBeTruthy();
    // The VIP catalog already gives its member the WAV Lease's files: their card says so (docs/product/licenses.md#upgrades).
    const vip = await apiLogin(demo.vip);
    const path = `/beat/${beat.slug}`;
    const tiersKey = (userId: string | null) => JSON.stringify(['beat-tiers', beat._id, userId]);
    const visitorBefore = await serverHtml(path);
    const forVip = await htmlFor(path, vip.token);
    const visitorAfter = await serverHtml(path);

    const vipText = textOf(rootOf(forVip));
    expect(vipText).toContain(`WAV Lease ${usd.format(wav.price)} Files: MP3, WAV`);
    expect(vipText).toMatch(/WAV Lease \$[\d.,]+ Files: MP3, WAV .* Already yours Read the full license — WAV Lease/);
    // The app's state carries the response under the key the browser asks with, so it asks for none of it again.
    expect(forVip).toContain(`"queryKey":${tiersKey(vip.user._id)}`);
    for (const html of [visitorBefore, visitorAfter]) {
      const text = textOf(rootOf(html));
      expect(text).toContain(`WAV Lease ${usd.format(wav.price)} Files: MP3, WAV`);
      for (const line of wav.summary) expect(text).toContain(line);
      expect(text).toContain(`Add to Cart — WAV Lease of ${beat.beatTitle}`);
      expect(text).not.toContain('Already yours');
      expect(html).toContain(`"queryKey":${tiersKey(null)}`);
      expect(html).not.toContain(vip.user._id);
    }

    // Hydrated, the page does not ask for the tiers again: the catalog's first version check, made after the page
    // started, comes and goes without one.
    const { context, page, problems } = await openPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/beats/${beat._id}/tiers`) asked.push(request.url());
    });
    const versionChecked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/catalog/version', { timeout: 15_000 });
    await page.goto(path);
    const add = page.getByRole('button', { name: `Add to Cart — WAV Lease of ${beat.beatTitle}` });
    await expect.poll(() => add.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))).toBe(true);
    await versionChecked;
    expect(asked).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('renders a filtered address filtered', async () => {
    const sample = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=50');
    const genre = sample.beats.find((beat) => beat.category)?.category;
    expect(genre).toBeTruthy();
    const slug = genre!.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const expected = await api<BeatPage>(`/api/beats?type=Non-Exclusive&limit=24&genre=${encodeURIComponent(genre!)}&sort=popular`);
    const others = sample.beats.filter((beat) => beat.category !== genre && !expected.beats.some((b) => b.beatTitle === beat.beatTitle));
    expect(expected.beats.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    const root = rootOf(await serverHtml(`/?genre=${slug}&sort=popular`));
    const list = /<ol[^>]*aria-label="VIP CATALOG[^"]*"[^>]*>([\s\S]*?)<\/ol>/.exec(root)?.[1] ?? '';
    // The list's own rows (each row holds a list of tags too).
    expect(list.match(/<li class="brow"/g)?.length).toBe(expected.beats.length);
    const text = textOf(list);
    for (const beat of expected.beats) expect(text).toContain(beat.beatTitle);
    for (const beat of others.slice(0, 5)) expect(text).not.toContain(beat.beatTitle);
  });

  it('renders a signed-in caller\'s page for them, and never hands it to another caller or a visitor', async () => {
    const [ada, bob] = await Promise.all([createAccount('ssr-ada'), createAccount('ssr-bob')]);
    // Back to back, within the time a visitor's page is reused: each answer is its own caller's.
    for (let round = 0; round < 2; round += 1) {
      const visitorBefore = await serverHtml('/');
      const [forAda, forBob] = await Promise.all([htmlFor('/', ada.token), htmlFor('/', bob.token)]);
      const visitorAfter = await serverHtml('/');
      for (const [html, own, other] of [
        [forAda, ada, bob],
        [forBob, bob, ada],
      ] as const) {
        expect(textOf(rootOf(html))).not.toContain('Signup/Login');
        expect(rootOf(html)).toContain('Your account');
        expect(html).toContain(own.user.email);
        expect(html).not.toContain(other.user.email);
      }
      for (const html of [visitorBefore, visitorAfter]) {
        expect(textOf(rootOf(html))).toContain('Signup/Login');
        expect(html).not.toContain(ada.user.email);
        expect(html).not.toContain(bob.user.email);
      }
    }
  });

  it('draws no control disabled to wait for the code: the login form and the search are plain forms', async () => {
    const login = rootOf(await serverHtml('/login'));
    expect(login).toMatch(/<label[^>]*>Email/);
    expect(login).toMatch(/<label[^>]*>Password/);
    expect(login).not.toMatch(/<(input|button)[^>]*\sdisabled/);
    const home = rootOf(await serverHtml('/'));
    expect(home).toMatch(/<form[^>]*role="search"[^>]*method="get"|<form[^>]*method="get"[^>]*role="search"/);
    expect(home).toMatch(/<input[^>]*name="q"/);
    // Only the carousel's Previous and Next, which need the browser to measure the carousel, wait for the code.
    expect(home).not.toMatch(/<(input|select)[^>]*\sdisabled=""/);
    expect([...home.matchAll(/<button[^>]*\sdisabled=""[^>]*>/g)].map((button) => /aria-label="([^"]+)"/.exec(button[0])?.[1])).toEqual([
      'Previous exclusives',
      'Next exclusives',
    ]);
  });
});

describe('hydration', () => {
  const screens = ['/', '/exclusives', '/vip', '/login', '/signup'];

  it('keeps the server\'s elements, with React\'s fiber on them and no mismatch, on a phone and a desktop', async () => {
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=1');
    for (const viewport of [mobile, desktop]) {
      const { context, page, problems } = await openPage(viewport);
      for (const screen of [...screens, `/beat/${beats[0]!.slug}`]) {
        const scripts = await holdScripts(page);
        await page.goto(screen, { waitUntil: 'commit' });
        const heading = await page.getByRole('heading', { level: 1 }).first().elementHandle({ timeout: 15_000 });
        expect(heading, `${screen} has its heading before any script`).not.toBeNull();
        await expect.poll(scripts.held).toBeGreaterThan(0);
        await scripts.release();
        await hydrated(page);
        // Hydration adopts the server's elements; a render in the browser would have replaced them.
        expect(await heading!.evaluate((element) => element.isConnected), `${screen}: the server's heading is kept`).toBe(true);
        await expect.poll(() => heading!.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))).toBe(true);
        await page.unroute(/\/assets\/.*\.js$/);
      }
      expect(problems, `at ${viewport.width} px`).toEqual([]);
      await context.close();
    }
  });

  it('reports a mismatch: a page whose HTML differs from what React renders logs an error', async () => {
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=1');
    const title = beats[0]!.beatTitle;
    const { context, page, problems } = await openPage();
    // The HTML changed on its way: one catalog row's title is not what the app renders from the same data.
    await page.route(`${baseURL()}/`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(`>${title}<`, '>Not the title<');
      await route.fulfill({ response, body });
    });
    await page.goto('/');
    await hydrated(page);
    await expect.poll(() => problems.some((problem) => /React recovered from an error/.test(problem))).toBe(true);
    await context.close();
  });

  it('acts on a press made while React hydrates the page: that part is hydrated first and the press handled', async () => {
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=24');
    const beat = beats.filter((b) => b.price !== null).at(-1)!;
    const { context, page, problems } = await openPage(mobile);
    // A slow phone: hydrating the page takes long enough to press something before React has reached it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto('/', { waitUntil: 'commit' });
    const name = `Add to Cart — MP3 lease of ${beat.beatTitle}`;
    await page.getByRole('button', { name }).waitFor({ state: 'attached' });
    // As soon as hydration has started, the row's button (not hydrated yet) is pressed.
    const pressedBeforeHydrated = await page.evaluate(async (label) => {
      const root = document.getElementById('root')!;
      const isReact = (node: object, prefix: string) => Object.keys(node).some((key) => key.startsWith(prefix));
      await new Promise<void>((started) => {
        const check = () => (isReact(root, '__reactContainer$') ? started() : setTimeout(check, 0));
        check();
      });
      const button = Array.from(document.querySelectorAll("button")).find((b) => b.textContent?.replace(/\s+/g, ' ').includes(label.replace(/^Add to Cart/, '')))!;
      const hydratedYet = isReact(button, '__reactFiber$');
      button.click();
      return !hydratedYet;
    }, name);
    expect(pressedBeforeHydrated).toBe(true);
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor({ timeout: 15_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps a search typed before the page\'s code has run, and applies it once it has', async () => {
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=1');
    const target = beats[0]!;
    const { context, page, problems } = await openPage();
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search for beats or tags' });
    await box.fill(target.beatTitle);
    await expect.poll(scripts.held).toBeGreaterThan(0);
    await scripts.release();
    await hydrated(page);
    await expect.poll(() => new URL(page.url()).searchParams.get('q'), { timeout: 15_000 }).toBe(target.beatTitle);
    const rows = page.getByRole('list', { name: /VIP CATALOG/i }).locator(':scope > li');
    await rows.getByText(target.beatTitle, { exact: true }).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('searches without JavaScript: the search box is a GET form the server answers filtered', async () => {
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=1');
    const target = beats[0]!;
    const context = await browser().newContext({ javaScriptEnabled: false, viewport: desktop });
    const page = await context.newPage();
    await page.goto(`${baseURL()}/`);
    await page.getByRole('searchbox', { name: 'Search for beats or tags' }).fill(target.beatTitle);
    await page.getByRole('searchbox', { name: 'Search for beats or tags' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === target.beatTitle);
    await page.getByRole('list', { name: /VIP CATALOG/i }).getByText(target.beatTitle, { exact: true }).first().waitFor();
    await context.close();
  });

  it('logs in without JavaScript: the form posts, the server sets the session and sends the visitor back signed in', async () => {
    const account = await createAccount('no-js');
    const context = await browser().newContext({ javaScriptEnabled: false, viewport: desktop });
    const page = await context.newPage();
    await page.goto(`${baseURL()}/login?returnUrl=%2Fvip`);
    await page.getByLabel('Email').fill(account.user.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('error'));
    await page.getByRole('alert').first().waitFor();
    expect(await page.getByRole('link', { name: 'Your account' }).count()).toBe(0);

    await page.getByLabel('Email').fill(account.user.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/vip');
    await page.getByRole('link', { name: 'Your account' }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'bm_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    await context.close();
  });
});

describe('the web fonts', () => {
  /** Where each piece of text on the page stands: its top and its height. */
  const textBoxes = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('body h1, body h2, body p, body li, body label, body button, body a')).map((element) => {
        const box = element.getBoundingClientRect();
        return { text: (element.textContent ?? '').trim().slice(0, 40), top: Math.round(box.top), height: Math.round(box.height) };
      }),
    );

  it('move nothing when they arrive: until then the text is set in a local font made to their measurements', async () => {
    for (const path of ['/login', '/']) {
      // A 412 px phone, Lighthouse's: there the login page's showcase wraps differently in a wider font.
      const { context, page } = await openPage({ width: 412, height: 823 });
      const fonts = await holdScripts(page, /\.woff2$/);
      // Not 'load': that waits for the fonts held back.
      await page.goto(`${baseURL()}${path}`, { waitUntil: 'domcontentloaded' });
      await page.locator('main').first().waitFor();
      // The page asked for its fonts and has none of them yet: what shows is set in the stand-ins.
      await expect.poll(() => fonts.held()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.fonts.check('700 24px "Space Grotesk"', 'Beat'))).toBe(false);
      const before = await textBoxes(page);

      await fonts.release();
      await page.waitForFunction(() => document.fonts.check('700 24px "Space Grotesk"', 'Beat') && document.fonts.check('400 16px "Inter Variable"', 'Beat'));
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const after = await textBoxes(page);
      // The same lines in the same places: no piece of text moves or changes its height by more than a few pixels.
      // (The same pieces of text: a countdown's seconds may have changed meanwhile.)
      expect(after.length, path).toBe(before.length);
      const moved = after
        .map((box, i) => ({ text: box.text, by: Math.max(Math.abs(box.top - before[i]!.top), Math.abs(box.height - before[i]!.height)) }))
        .filter((box) => box.by > 6);
      expect(moved, path).toEqual([]);
      await context.close();
    }
  });
});
