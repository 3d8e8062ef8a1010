/* global window, document, requestAnimationFrame, MutationObserver, HTMLMediaElement -- the init script runs in the page */
/**
 * Speed as a person feels it, on a phone: a real Chromium (playwright-core) at 390×844 (device scale 3, touch), its CPU
 * slowed 4× and its network throttled (150 ms latency, 1.6 Mbps down, 750 kbps up), a fresh browser context for every
 * page load, the median of `runs` runs against a running store:
 *
 * - the first row of the VIP catalog list painted on `/` (its title and price in the DOM, then the next frame);
 * - Play pressed from the moment a row shows until audio plays; Add to Cart pressed from the moment it shows until it
 *   works (the cart's count changes, the button turns to "Remove From Cart", or a sign-in prompt opens); a search typed
 *   from the moment the box shows until the URL carries it or the rows change — each timed from navigation start;
 * - once the page has settled, each interaction's longest Event Timing entry (input to next paint) for adding to the
 *   cart, opening a filter and typing a search;
 * - every script the browser fetched for `/` until 10 s after its load event, from its own network events (CDP
 *   Network.responseReceived + Network.loadingFinished's encodedDataLength: bytes on the wire, headers included).
 *
 * The page is found by roles and visible text (a list named like "VIP CATALOG", buttons named "Play …", "Add to Cart …",
 * a search box), never by CSS classes: the measuring code does not depend on how the app is built.
 *
 * Alone, against a store already running: `node scripts/bench-felt.mjs http://127.0.0.1:3000 [--runs=1]`;
 * in the bench: `BENCH_ONLY=felt npm run bench` (a scratch catalog of BENCH_BEATS beats), and in every whole run.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { headlessChromeFlags } from './chrome-flags.mjs';

export const feltBudget = {
  firstRowMs: 1200,
  playMs: 2500,
  addToCartMs: 2500,
  searchMs: 2500,
  inpMs: 200,
  /** Every script fetched for `/`, bytes transferred. */
  scriptBytes: 150 * 1024,
};

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};
const NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const CPU_SLOWDOWN = 4;
/** How long a single measured action may take before it counts as failed. */
const DEADLINE_MS = 20_000;
const SCRIPT_WINDOW_MS = 10_000;
const SEARCH = 'midnight';

// Roles and names (see the file's head).
const PLAY = /^Play\s/;
const ADD_TO_CART = /add to cart/i;
const SEARCH_BOX = /search/i;

/** Installed in every page before its own scripts: the first row's paint, media playback and Event Timing entries. */
function feltProbe() {
  const felt = (window.__felt = { rowAt: null, rowTitle: null, playCalls: 0, playingAt: null, events: [] });
  // A price, or "VIP" where only the plan reaches the beat (what the row shows in its price's place).
  const PRICE = /[$€£]\s?\d|\d[.,]\d\d\s?[$€£]|\bVIP\b/;
  const firstRow = () => {
    for (const list of document.querySelectorAll('ol[aria-label], ul[aria-label], [role="list"][aria-label]')) {
      if (!/catalog/i.test(list.getAttribute('aria-label') ?? '')) continue;
      const row = list.querySelector(':scope > li, :scope > [role="listitem"]');
      if (!row) continue;
      const title = row.querySelector('a, h3, h4, p');
      const box = row.getBoundingClientRect();
      if (title && title.textContent.trim() && PRICE.test(row.textContent) && box.width > 0 && box.height > 0) return { row, title: title.textContent.trim() };
    }
    return null;
  };
  let observer = null;
  const check = () => {
    if (felt.rowTitle !== null) return;
    const found = firstRow();
    if (!found) return;
    felt.rowTitle = found.title;
    observer?.disconnect();
    // In the DOM now; painted by the frame after the next animation frame's callbacks.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (felt.rowAt = performance.now());
      channel.port2.postMessage(0);
    });
  };
  observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('readystatechange', check);

  const playing = () => {
    if (felt.playingAt === null) felt.playingAt = performance.now();
  };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (...args) {
    felt.playCalls++;
    if (!this.__feltWatched) {
      this.__feltWatched = true;
      this.addEventListener('playing', playing);
    }
    return play.apply(this, args);
  };
  document.addEventListener('playing', playing, true);

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) felt.events.push({ name: e.name, id: e.interactionId ?? 0, start: e.startTime, duration: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {
    felt.events = null;
  }
}

/** A fresh context and page, phone-sized, CPU and network throttled, with the probe installed. */
async function openPhone(browser) {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(feltProbe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  return { context, page, cdp };
}

const pageNow = (page) => page.evaluate(() => performance.now());
const felt = (page) => page.evaluate(() => window.__felt);

/** Polls `attempt` (which returns a truthy value when done) until it succeeds or `DEADLINE_MS` passes. */
async function until(attempt, what) {
  const end = Date.now() + DEADLINE_MS;
  for (;;) {
    const result = await attempt().catch(() => null);
    if (result) return result;
    if (Date.now() > end) throw new Error(`${what}: not within ${DEADLINE_MS / 1000} s`);
  }
}

/** Clicks a locator if it is there and actionable now; false otherwise (never waits long). */
async function tryClick(locator) {
  try {
    if (!(await locator.isVisible()) || !(await locator.isEnabled())) return false;
    await locator.click({ timeout: 250, noWaitAfter: true });
    return true;
  } catch {
    return false;
  }
}

/** Load 1: the first row painted, and Play pressed from the moment a row shows until audio plays. */
async function firstRowAndPlay(browser, url) {
  const { context, page } = await openPhone(browser);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const first = page.getByRole('button', { name: PLAY }).first();
    await first.waitFor({ state: 'visible', timeout: DEADLINE_MS });
    // The first row's own button, by its name: once it turns to "Pause …" the next row's "Play …" must not be pressed.
    const name = (await first.getAttribute('aria-label')) ?? (await first.innerText());
    const button = page.getByRole('button', { name, exact: true });
    let lastPress = -Infinity;
    const playingAt = await until(async () => {
      const state = await felt(page);
      if (state.playingAt !== null) return state.playingAt;
      // Pressed again only while the press before it has shown no effect (no play() called) for 150 ms.
      if (state.playCalls === 0 && Date.now() - lastPress > 150 && (await tryClick(button))) lastPress = Date.now();
      return null;
    }, 'audio playing');
    const confirmed = await until(
      () => page.evaluate(() => [...document.querySelectorAll('audio, video')].some((m) => !m.paused && m.currentTime > 0) || null),
      'audio advancing',
    ).catch(() => false);
    const rowAt = await until(async () => (await felt(page)).rowAt, 'the first catalog row painted');
    return { rowMs: rowAt, playMs: confirmed ? playingAt : null, rowTitle: (await felt(page)).rowTitle };
  } finally {
    await context.close();
  }
}

/** What says an Add to Cart worked for a visitor: the cart's count, the button's new words, or a sign-in prompt. */
async function cartChanged(page) {
  const [count, remove, prompt] = await Promise.all([
    page.getByRole('link', { name: /cart,\s*[1-9]/i }).count(),
    page.getByRole('button', { name: /remove from cart/i }).count(),
    page.getByRole('dialog').filter({ hasText: /sign in|log in/i }).count(),
  ]);
  return count + remove + prompt > 0;
}

/** Load 2: Add to Cart pressed from the moment it shows until it works. */
async function addToCart(browser, url) {
  const { context, page } = await openPhone(browser);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: ADD_TO_CART }).first();
    await button.waitFor({ state: 'visible', timeout: DEADLINE_MS });
    let lastPress = -Infinity;
    return await until(async () => {
      if (await cartChanged(page)) return await pageNow(page);
      if (Date.now() - lastPress > 150 && (await tryClick(button))) lastPress = Date.now();
      return null;
    }, 'Add to Cart working');
  } finally {
    await context.close();
  }
}

const searchBox = (page) => page.getByRole('searchbox', { name: SEARCH_BOX }).first();
const firstRowText = (page) =>
  page.evaluate(() => {
    const list = [...document.querySelectorAll('ol[aria-label], ul[aria-label]')].find((l) => /catalog/i.test(l.getAttribute('aria-label') ?? ''));
    return list?.querySelector(':scope > li')?.textContent ?? '';
  });
const urlCarries = (page, query) => [...new URL(page.url()).searchParams.values()].some((v) => v.toLowerCase().includes(query));

/** Load 3: the search typed from the moment the box shows until the URL carries it or the rows change. */
async function search(browser, url) {
  const { context, page } = await openPhone(browser);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const box = searchBox(page);
    await box.waitFor({ state: 'visible', timeout: DEADLINE_MS });
    const before = await firstRowText(page);
    return await until(async () => {
      if (urlCarries(page, SEARCH) || (before && (await firstRowText(page)) !== before && (await box.inputValue()) === SEARCH)) return await pageNow(page);
      // Typed again only when the text is not in the box (a page that took over the box may have emptied it).
      if ((await box.inputValue()) !== SEARCH) {
        await box.click({ timeout: 250, noWaitAfter: true });
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(SEARCH);
      }
      return null;
    }, 'the search answered');
  } finally {
    await context.close();
  }
}

/** The longest Event Timing entry of the interactions since `since` (page time), once the next frames are done. */
async function interactionMs(page, since) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))));
  const events = (await felt(page)).events;
  if (events === null) throw new Error('this Chromium has no Event Timing');
  const byInteraction = new Map();
  for (const e of events) if (e.id > 0 && e.start >= since) byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.duration));
  // Under the 16 ms threshold Chromium reports nothing: 0 stands for "< 16 ms".
  return Math.max(0, ...byInteraction.values());
}

/** Load 4: every script fetched until 10 s after load, then, on that settled page, add to cart, a filter, a search. */
async function settled(browser, url) {
  const { context, page, cdp } = await openPhone(browser);
  try {
    const scripts = new Map();
    let counting = true;
    cdp.on('Network.responseReceived', (e) => {
      if (counting && e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, bytes: 0 });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const script = scripts.get(e.requestId);
      if (script) script.bytes = e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(SCRIPT_WINDOW_MS);
    counting = false;
    const files = [...scripts.values()].sort((a, b) => b.bytes - a.bytes);
    const scriptBytes = files.reduce((sum, f) => sum + f.bytes, 0);

    // A row of the VIP catalog list: it stays where it is (a carousel card may be sliding into place).
    let since = await pageNow(page);
    const add = page.getByRole('list', { name: /VIP CATALOG/i }).getByRole('button', { name: ADD_TO_CART }).first();
    await add.click({ timeout: 5000 });
    const addMs = await interactionMs(page, since);

    // A phone shows one "Filters" button for the sheet; a wider screen its Genre menu.
    since = await pageNow(page);
    const sheet = page.getByRole('button', { name: /^filters/i }).first();
    const filter = (await sheet.isVisible()) ? sheet : page.getByRole('button', { name: /^genre/i }).first();
    await filter.click({ timeout: 5000 });
    const filterMs = await interactionMs(page, since);
    // The sheet's or the menu's code may still be on its way: Escape once it is open (the dialog itself, not the
    // button's aria-expanded, which changes at the press), or the sheet would open after the Escape and keep the page
    // inert; then wait until the page takes presses again.
    const opened = sheet === filter ? page.getByRole('dialog') : page.locator('[aria-expanded="true"]');
    await opened.first().waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.press('Escape');
    await searchBox(page).and(page.locator(':not([inert] *)')).first().waitFor({ timeout: 5000 });

    since = await pageNow(page);
    await searchBox(page).click({ timeout: 5000 });
    await page.keyboard.type(SEARCH, { delay: 120 });
    const searchMs = await interactionMs(page, since);
    return { scriptBytes, files, addMs, filterMs, searchMs };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const known = values.filter((v) => v != null).sort((a, b) => a - b);
  return known.length === values.length && known.length ? known[Math.floor((known.length - 1) / 2)] : null;
};

/** Measures a store listening at `baseUrl`, `runs` times each, and returns each measure's values (null: failed). */
export async function runFelt(baseUrl, { runs = 5, chromePath = '/usr/bin/chromium', print = true } = {}) {
  const url = new URL('/', baseUrl).href;
  const browser = await chromium.launch({ executablePath: chromePath, args: headlessChromeFlags });
  const values = { rowMs: [], playMs: [], addToCartMs: [], searchMs: [], inpAddMs: [], inpFilterMs: [], inpSearchMs: [], scriptBytes: [] };
  const errors = [];
  let files = [];
  let rowTitle = null;
  const attempt = async (what, run) => {
    try {
      return await run();
    } catch (error) {
      errors.push(`${what}: ${error.message.split('\n').slice(0, 8).join(' | ')}`);
      return null;
    }
  };
  try {
    for (let run = 0; run < runs; run++) {
      const first = await attempt('first row and Play', () => firstRowAndPlay(browser, url));
      values.rowMs.push(first?.rowMs ?? null);
      values.playMs.push(first?.playMs ?? null);
      rowTitle ??= first?.rowTitle ?? null;
      values.addToCartMs.push(await attempt('Add to Cart', () => addToCart(browser, url)));
      values.searchMs.push(await attempt('search', () => search(browser, url)));
      const calm = await attempt('settled page', () => settled(browser, url));
      values.inpAddMs.push(calm?.addMs ?? null);
      values.inpFilterMs.push(calm?.filterMs ?? null);
      values.inpSearchMs.push(calm?.searchMs ?? null);
      values.scriptBytes.push(calm?.scriptBytes ?? null);
      if (calm && calm.scriptBytes === median(values.scriptBytes.filter((v) => v != null))) files = calm.files;
      if (print) console.log(`  felt run ${run + 1}/${runs}: ${Object.entries(values).map(([k, v]) => `${k} ${v.at(-1) == null ? '—' : Math.round(v.at(-1))}`).join(', ')}`);
    }
  } finally {
    await browser.close();
  }
  const result = { runs, values, errors: [...new Set(errors)], files, rowTitle };
  if (print) printFelt(result);
  return result;
}

const seconds = (ms) => (ms == null ? '—' : `${(ms / 1000).toFixed(2)}`);
const millis = (ms) => (ms == null ? '—' : ms === 0 ? '<16' : `${Math.round(ms)}`);
const kb = (bytes) => (bytes == null ? '—' : `${(bytes / 1024).toFixed(1)}`);

/** The goals of a `runFelt` result, as the bench's table rows (goal, what, value, target, pass). */
export function feltGoals(result, goal = '15') {
  const b = feltBudget;
  const setup = `phone 390×844, CPU 4×, 150 ms/1.6 Mbps, median of ${result.runs}`;
  const row = (what, values, format, unit, limit, target) => {
    const m = median(values);
    return {
      goal,
      what: `${what} (${setup})`,
      value: `${format(m)} ${unit} (${values.map(format).join(', ')})`,
      target,
      pass: m !== null && m <= limit,
    };
  };
  const v = result.values;
  return [
    row('/: first VIP catalog row (title and price) painted, from navigation', v.rowMs, seconds, 's', b.firstRowMs, `≤ ${b.firstRowMs / 1000} s`),
    row('/: Play pressed from the first row shown until audio plays, from navigation', v.playMs, seconds, 's', b.playMs, `≤ ${b.playMs / 1000} s`),
    row('/: Add to Cart pressed from when it shows until the cart changes, from navigation', v.addToCartMs, seconds, 's', b.addToCartMs, `≤ ${b.addToCartMs / 1000} s`),
    row(`/: a search typed from when the box shows until it answers ("${SEARCH}"), from navigation`, v.searchMs, seconds, 's', b.searchMs, `≤ ${b.searchMs / 1000} s`),
    row('/ settled: interaction to next paint, Add to Cart', v.inpAddMs, millis, 'ms', b.inpMs, `≤ ${b.inpMs} ms`),
    row('/ settled: interaction to next paint, opening a filter', v.inpFilterMs, millis, 'ms', b.inpMs, `≤ ${b.inpMs} ms`),
    row(`/ settled: interaction to next paint, typing a search (max of its keys)`, v.inpSearchMs, millis, 'ms', b.inpMs, `≤ ${b.inpMs} ms`),
    row('/: every script the browser fetched until 10 s after load, bytes transferred', v.scriptBytes, kb, 'KB', b.scriptBytes, `≤ ${b.scriptBytes / 1024} KB`),
  ];
}

export function printFelt(result) {
  console.log(`\nFelt speed on a phone (${result.runs} runs; first row: "${result.rowTitle ?? '—'}"):`);
  for (const g of feltGoals(result)) console.log(`  ${g.what}: ${g.value} (target ${g.target}) ${g.pass ? 'PASS' : 'FAIL'}`);
  if (result.files.length) console.log(`  scripts of the median load: ${result.files.map((f) => `${path.basename(new URL(f.url).pathname)} ${kb(f.bytes)}`).join(', ')}`);
  for (const error of result.errors) console.log(`  failed: ${error}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const baseUrl = args.find((a) => !a.startsWith('--'));
  const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 5);
  if (!baseUrl || !(runs >= 1)) {
    console.error('Usage: node scripts/bench-felt.mjs http://127.0.0.1:PORT [--runs=5]   (a store started with npm start)');
    process.exit(2);
  }
  const result = await runFelt(baseUrl, { runs });
  process.exitCode = feltGoals(result).every((g) => g.pass) ? 0 : 1;
}
