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

  it("asks for the app's code once the drawing is painted, from the one script in its head", async () => {
    for (const screen of ['/', '/exclusives', '/login']) {
      const { context, page, problems } = await openPage(mobile);
      await page.goto(screen);
      if (screen === '/login') await page.getByRole('textbox', { name: 'Email' }).and(page.locator(':enabled')).waitFor();
      else await takenOver(page, screen === '/' ? 'Filter and sort beats' : 'Filter and sort exclusives');
      const timing = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
        entry: performance.getEntriesByType('resource').find((entry) => /\/assets\/index-[^/]*\.js$/.test(entry.name))?.startTime ?? null,
        scripts: Array.from(document.head.querySelectorAll('script'), (script) => script.getAttribute('src')),
        modules: document.head.querySelector('script')?.dataset.modules?.split(' ') ?? [],
        fetched: performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      }));
      expect(timing.painted, `${screen} painted`).not.toBeNull();
      expect(timing.entry, `${screen} loaded the app`).not.toBeNull();
      // Asked for once the drawing's first text was on the screen (the browser's paint entry, reported when the frame
      // was drawn), so after the page had loaded its one script.
      expect(timing.entry!, `${screen}: the app's code was asked for after the drawing was painted`).toBeGreaterThan(timing.painted!);
      expect(timing.entry!, `${screen}: the app's code was asked for after the page was parsed`).toBeGreaterThan(timing.parsed);
      expect(timing.scripts).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);
      // It names the page's own code too, asked for with the entry's rather than once the entry has run.
      const route = { '/': /^\/assets\/catalog-[\w-]+\.js$/, '/exclusives': /^\/assets\/exclusives-[\w-]+\.js$/, '/login': /^\/assets\/login-[\w-]+\.js$/ }[screen];
      expect(timing.modules).toContainEqual(expect.stringMatching(route!));
      // Every module it names was asked for (its links are added a few per task).
      for (const module of timing.modules) expect(timing.fetched, `${screen} fetched ${module}`).toContain(module);
      // The answer's Link header names the stylesheet, the fonts and that script, not the app's modules.
      const link = (await fetch(`${baseURL()}${screen}`)).headers.get('link') ?? '';
      expect(link).toMatch(/\/assets\/style-[\w-]+\.css>; rel=preload; as=style/);
      expect(link).toMatch(/\/assets\/boot-[\w-]+\.js>; rel=modulepreload/);
      expect(link).not.toMatch(/\/assets\/index-/);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("loads the catalog's code in a few files, and the login page none of the catalog's own", async () => {
    const scripts = async (screen: string) => {
      const { context, page, problems } = await openPage(mobile);
      await page.goto(screen);
      if (screen === '/login') await page.getByRole('textbox', { name: 'Email' }).and(page.locator(':enabled')).waitFor();
      // On `/`, the VIP list too, built once the page is idle.
      else await expect.poll(() => page.getByRole('list', { name: 'VIP CATALOG' }).getByRole('listitem').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      const fetched = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((pathname) => pathname.endsWith('.js')),
      );
      expect(problems).toEqual([]);
      await context.close();
      return [...new Set(fetched)];
    };
    // The boot script, the entry and its own few, then the catalog's code in three files (apps/web/catalog-chunk.mjs):
    // each file is a request the phone's main thread issues, and there were 38 of them.
    const home = await scripts('/');
    expect(home.length, home.join(' ')).toBeLessThanOrEqual(12);
    expect(home).toContainEqual(expect.stringMatching(/^\/assets\/catalog-[\w-]+\.js$/));
    // The login page shares the catalog's icons and nothing that only the catalog uses.
    const login = await scripts('/login');
    expect(login.filter((file) => /^\/assets\/catalog-(?!shared-|icons-)[\w-]+\.js$/.test(file))).toEqual([]);
  });

  it('takes the login page over in steps, one part per task, each with the ids it was drawn with', async () => {
    const { context, page, problems } = await openPage(mobile);
    // Numbers every task that delivers a message to the page (the takeover's steps are such messages) and notes, for
    // each part of the page whose elements are given listeners, the tasks it was given them in.
    await context.addInitScript(() => {
      let task = 0;
      const seen: Record<string, number[]> = {};
      const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
      Object.defineProperty(MessagePort.prototype, 'onmessage', {
        configurable: true,
        get(this: MessagePort) {
          return onmessage.get!.call(this) as unknown;
        },
        set(this: MessagePort, handler: ((event: MessageEvent) => unknown) | null) {
          onmessage.set!.call(
            this,
            handler &&
              function (this: MessagePort, event: MessageEvent) {
                task += 1;
                return handler.call(this, event);
              },
          );
        },
      });
      const add = EventTarget.prototype.addEventListener;
      EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
        if (this instanceof Element && document.getElementById('root')?.contains(this)) {
          const part = this.closest('.side-menu, .top-bar, .auth__main')?.classList[0] ?? 'frame';
          (seen[part] ??= []).push(task);
        }
        return add.apply(this, args);
      };
      Object.assign(window, { takeoverTasks: seen });
    });
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.and(page.locator(':enabled')).waitFor();
    const tasks = await page.evaluate(() => (window as unknown as { takeoverTasks: Record<string, number[]> }).takeoverTasks);
    // The menu, the top bar and the form: each taken over whole, in a task of its own.
    const parts = ['side-menu', 'top-bar', 'auth__main'];
    for (const part of parts) expect(new Set(tasks[part]), `${part} was taken over in one task`).toHaveProperty('size', 1);
    expect(new Set(parts.map((part) => tasks[part]![0])).size, JSON.stringify(tasks)).toBe(parts.length);

    // An id drawn in the form is the app's own: the error it adds is named by the field that was drawn.
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const ids = await email.evaluate((input) => ({ input: input.id, describedBy: input.getAttribute('aria-describedby') ?? '' }));
    expect(ids.describedBy.split(' ')).toContain(`${ids.input}-error`);
    expect(await page.locator(`[id="${ids.input}-error"]`).textContent()).not.toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('takes the rest of the page over at once when a key is pressed before it is all in', async () => {
    const { context, page, problems } = await openPage(mobile);
    // Each of the takeover's steps (a message to the page) comes a second late, and the time each part of the page
    // is given its first listener is noted, as is the time of the first key pressed.
    await context.addInitScript(() => {
      const post = MessagePort.prototype.postMessage;
      MessagePort.prototype.postMessage = function (this: MessagePort, message: unknown) {
        setTimeout(() => post.call(this, message), 1000);
      };
      const seen: Record<string, number> = {};
      const add = EventTarget.prototype.addEventListener;
      EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
        if (this instanceof Element && document.getElementById('root')?.contains(this)) {
          seen[this.closest('.side-menu, .top-bar, .auth__main')?.classList[0] ?? 'frame'] ??= performance.now();
        }
        return add.apply(this, args);
      };
      document.addEventListener('keydown', () => (seen.key ??= performance.now()), { capture: true });
      Object.assign(window, { takenOverAt: seen });
    });
    await page.goto('/login');
    const seen = () => page.evaluate(() => ({ ...(window as unknown as { takenOverAt: Record<string, number> }).takenOverAt }));
    // The menu is in; the top bar and the form would follow a second apart.
    await expect.poll(async () => (await seen())['side-menu'], { timeout: 20_000 }).toBeDefined();
    expect((await seen())['auth__main']).toBeUndefined();
    await page.keyboard.press('Shift');
    const after = await seen();
    expect(after.key).toBeDefined();
    // Taken over in the key's own task, before the browser handles anything after it.
    expect(after['top-bar']! - after.key!).toBeLessThan(500);
    expect(after['auth__main']! - after.key!).toBeLessThan(500);
    // The form works once the takeover is done.
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.and(page.locator(':enabled')).waitFor();
    await email.fill('someone@example.com');
    expect(await email.inputValue()).toBe('someone@example.com');
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

  it('sets its running text in whole pixels from 10 to 18, each size a font the browser prepares once', async () => {
    // Every (family, weight, size) the first layout meets costs the browser a font set-up, on Linux a round trip to
    // its main process (docs/decisions/0019-first-screen.md#type-scale): below the headings' sizes, the stylesheet
    // keeps to whole pixels.
    const html = await (await fetch(`${baseURL()}/`)).text();
    const href = /href="(\/assets\/style-[\w-]+\.css)"/.exec(html)?.[1];
    expect(href, 'the stylesheet of /').toBeDefined();
    const css = await (await fetch(`${baseURL()}${href}`)).text();
    const sizes = [...css.matchAll(/font-size:\s*([\d.]+)rem/g)].map((match) => Number(match[1]) * 16);
    expect(sizes.length).toBeGreaterThan(100);
    const running = [...new Set(sizes.filter((px) => px < 19))].sort((a, b) => a - b);
    expect(running.filter((px) => !Number.isInteger(px)), 'sizes between whole pixels').toEqual([]);
    expect(running.every((px) => px >= 10 && px <= 18), `running text sizes ${running.join(', ')}`).toBe(true);

    // On a phone, the first screen of / sets its text in few of them.
    const { context, page, problems } = await openPage(mobile);
    await page.goto('/');
    await takenOver(page, 'Filter and sort beats');
    const strikes = await page.evaluate(() => {
      const seen = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || !node.textContent?.trim() || element.getClientRects().length === 0) continue;
        const style = getComputedStyle(element);
        seen.add(`${style.fontFamily.split(',')[0]} ${style.fontWeight} ${style.fontSize}`);
      }
      return [...seen];
    });
    expect(strikes.length, strikes.join('; ')).toBeLessThanOrEqual(22);
    expect(problems).toEqual([]);
    await context.close();
  });
});
