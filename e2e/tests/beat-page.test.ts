/** A beat's own page and its embeddable player: opened from a row, the waveform player, the cart, share, the embed on another site, accessibility. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import type { Beat, BeatDetail, BeatPage } from '@beat/shared';
import { apiLogin, demo } from '../support/accounts.js';
import { animationsSettled, auditContext, auditViewports, baseURL, launchBrowser, mobile, newContext, watchErrors } from '../support/browser.js';
import { axeFindings } from '../support/axe.js';


let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openPage(options: { viewport?: typeof mobile; permissions?: string[] } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, options.viewport);
  if (options.permissions) await context.grantPermissions(options.permissions, { origin: baseURL() });
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A catalog beat with a lease price, a preview and its waveform peaks. */
async function leaseBeat(skip = 0): Promise<Beat> {
  const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
  const found = beats.filter((b) => b.price !== null && b.streamingMp3FileLink !== null && b.waveformLink !== null && (b.durationSeconds ?? 0) > 20);
  const beat = found[skip];
  if (!beat) throw new Error('the demo store has no catalog beat with a lease price and a waveform');
  return beat;
}

const waveform = (scope: Page | FrameLocator, title: string) => scope.getByRole('slider', { name: `Seek in ${title}` });
const valueOf = async (slider: Locator) => Number(await slider.getAttribute('aria-valuenow'));

/** Clicks the waveform at a fraction of its width. */
async function clickAt(slider: Locator, fraction: number) {
  const box = await slider.boundingBox();
  if (!box) throw new Error('the waveform is not on screen');
  await slider.click({ position: { x: box.width * fraction, y: box.height / 2 } });
}

describe('the beat page', () => {
  it('opens from a row, plays from the waveform in step with the player bar, seeks by click and keyboard, and adds to the cart', async () => {
    const beat = await leaseBeat();
    const { page, errors } = await openPage();
    await page.goto(`/?q=${encodeURIComponent(beat.beatTitle)}`);
    const row = page.getByRole('list', { name: /VIP CATALOG/i }).locator(':scope > li').filter({ hasText: beat.beatTitle }).first();
    await row.getByRole('link', { name: beat.beatTitle }).click();

    await page.waitForURL((url) => url.pathname === `/beat/${beat.slug}`);
    const heading = page.getByRole('heading', { name: beat.beatTitle, level: 1 });
    await heading.waitFor();
    // Arriving from a row, the reader starts at the title, and the tab says which beat this is.
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    expect(await page.title()).toBe(`${beat.beatTitle} by ${beat.artistName} · Beat Market`);
    for (const term of ['BPM', 'Key', 'Genre', 'Length', 'Plays', 'Released']) await page.getByRole('term').getByText(term, { exact: true }).waitFor();

    // The waveform's peaks are drawn as bars.
    const slider = waveform(page, beat.beatTitle);
    await expect.poll(() => slider.locator('rect').count()).toBeGreaterThan(20);
    const total = Number(await slider.getAttribute('aria-valuemax'));
    expect(total).toBeGreaterThan(20);

    // A click halfway starts the beat there: the bottom bar plays it, and the time moves on.
    await clickAt(slider, 0.5);
    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByRole('link', { name: beat.beatTitle }).waitFor();
    await expect.poll(() => valueOf(slider)).toBeGreaterThanOrEqual(Math.floor(total / 2) - 2);
    const started = await valueOf(slider);
    expect(started).toBeLessThanOrEqual(Math.ceil(total / 2) + 3);
    await expect.poll(() => valueOf(slider), { timeout: 10_000 }).toBeGreaterThan(started);
    await page.getByRole('button', { name: `Pause ${beat.beatTitle}` }).waitFor();

    // The same player: pausing in the bar pauses the page's button, and the bar's seek bar shows the same time.
    await bar.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: `Play ${beat.beatTitle}` }).waitFor();
    const paused = await valueOf(slider);
    expect(Math.abs(Number(await bar.getByLabel('Seek').inputValue()) - paused)).toBeLessThanOrEqual(1);

    // The keyboard: arrows move 5 seconds, Home goes to the start.
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => valueOf(slider)).toBeGreaterThanOrEqual(paused + 4);
    expect(await valueOf(slider)).toBeLessThanOrEqual(paused + 6);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => valueOf(slider)).toBeLessThanOrEqual(paused - 4);
    await page.keyboard.press('Home');
    await expect.poll(() => valueOf(slider)).toBeLessThanOrEqual(1);
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^0:0\d of \d+:\d\d$/);

    // Add to cart from the page: the lease joins the visitor's cart, and the cart links back to the page.
    const offers = page.getByRole('region', { name: 'Get this beat' });
    await offers.getByText(/^\$\d+\.\d\d$/).first().waitFor();
    await offers.getByRole('button', { name: 'Add to Cart' }).first().click();
    await page.getByText(`${beat.beatTitle} Added to Cart`).waitFor();
    await offers.getByRole('button', { name: 'Remove From Cart' }).waitFor();
    await page.getByRole('link', { name: 'Cart, 1 item' }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('link', { name: `View ${beat.beatTitle}` }).click();
    await page.waitForURL((url) => url.pathname === `/beat/${beat.slug}`);
    await page.getByRole('heading', { name: beat.beatTitle, level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });

  it('links "More like this" to each related beat’s page, and the player bar back to the playing beat', async () => {
    const beat = await leaseBeat(1);
    const detail = await api<BeatDetail>(`/api/beats/slug/${beat.slug}`);
    expect(detail.related.length).toBeGreaterThan(0);
    const { page, errors } = await openPage();
    await page.goto(`/beat/${beat.slug}`);
    const related = page.getByRole('region', { name: 'More like this' });
    await related.getByRole('listitem').first().waitFor();
    expect(await related.locator(':scope > ul > li').count()).toBe(detail.related.length);

    // Play the first related beat from its card, then open its page.
    const other = detail.related[0]!;
    await related.getByRole('button', { name: `Play ${other.beatTitle}` }).click();
    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByRole('link', { name: other.beatTitle }).waitFor();
    await related.getByRole('link', { name: other.beatTitle }).click();
    await page.waitForURL((url) => url.pathname === `/beat/${other.slug}`);
    await page.getByRole('heading', { name: other.beatTitle, level: 1 }).waitFor();
    // Its waveform shows the beat already playing.
    await page.getByRole('button', { name: `Pause ${other.beatTitle}` }).waitFor();

    // Back on the first page, the bar's title leads to the playing beat.
    await page.goBack();
    await page.getByRole('heading', { name: beat.beatTitle, level: 1 }).waitFor();
    await bar.getByRole('link', { name: other.beatTitle }).click();
    await page.waitForURL((url) => url.pathname === `/beat/${other.slug}`);
    expect(errors).toEqual([]);
  });

  it('copies its link to share, and its embed code', async () => {
    const beat = await leaseBeat();
    const { page, errors } = await openPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`/beat/${beat.slug}`);
    await page.getByRole('heading', { name: beat.beatTitle, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL()}/beat/${beat.slug}`);

    await page.getByText('Embed this beat').click();
    await page.getByRole('button', { name: 'Copy embed code' }).click();
    await page.getByText('Embed code copied').waitFor();
    const code = await page.evaluate(() => navigator.clipboard.readText());
    expect(code).toContain(`src="${baseURL()}/embed/beat/${beat.slug}"`);
    expect(code).toMatch(/^<iframe [^>]*><\/iframe>$/);
    expect(await page.getByLabel(/Paste this code into your site/).inputValue()).toBe(code);
    expect(errors).toEqual([]);
  });

  it('answers an old address of a renamed beat with its page, and puts the current address in its place', async () => {
    const beat = await leaseBeat(3);
    const admin = await apiLogin(demo.admin);
    const form = new FormData();
    const fields: Record<string, string> = {
      beatTitle: `${beat.beatTitle} Redux`,
      artistName: beat.artistName,
      category: beat.category ?? 'Hip Hop',
      bpm: String(beat.bpm),
      releaseDate: beat.releaseDate.slice(0, 10),
      tags: beat.tags.join(', '),
      musicalKey: beat.musicalKey ?? '',
      moods: beat.moods.join(', '),
      beatType: beat.beatType,
      price: beat.price === null ? '' : String(beat.price),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const res = await fetch(`${baseURL()}/api/admin/beats/${beat._id}`, { method: 'PUT', headers: { authorization: `Bearer ${admin.token}` }, body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    const renamed = await api<BeatDetail>(`/api/beats/slug/${beat.slug}`);
    expect(renamed.beat.slug).not.toBe(beat.slug);

    const { page, errors } = await openPage();
    await page.goto('/');
    // The page is the app's once React has hydrated it (page.goto waits for that: support/browser.ts).
    // Inside the app (a list loaded before the rename still names the old address): the page replaces it.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/beat/${beat.slug}`);
    await page.getByRole('heading', { name: `${beat.beatTitle} Redux`, level: 1 }).waitFor();
    await page.waitForURL((url) => url.pathname === `/beat/${renamed.beat.slug}`);
    // Replaced, not added: Back leaves the beat.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
  });

  it('shows the not-found page for an unknown beat', async () => {
    const { page, errors } = await openPage();
    const res = await page.goto('/beat/no-such-beat-anywhere');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(errors).toEqual([]);
  });

  it.each(auditViewports)('has no serious or critical axe findings (%s)', async (_name, viewport) => {
    const beat = await leaseBeat();
    const context = await auditContext(browser, viewport);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`/beat/${beat.slug}`);
    await page.getByRole('heading', { name: beat.beatTitle, level: 1 }).waitFor();
    await page.getByRole('region', { name: 'More like this' }).waitFor();
    await page.getByText('Embed this beat').click();
    await page.getByRole('button', { name: 'Copy embed code' }).waitFor();
    await animationsSettled(page);
    expect(await axeFindings(page)).toEqual([]);
  });
});

describe('the embeddable player', () => {
  let host: Server;
  let hostURL: string;
  let framed: Beat;

  beforeAll(async () => {
    framed = await leaseBeat();
    // Another site: a page on a second loopback address and port that frames the beat's player.
    host = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>A producer's site</title></head><body><h1>My beats</h1>` +
          `<iframe src="${baseURL()}/embed/beat/${framed.slug}" title="${framed.beatTitle} on Beat Market" width="600" height="160"></iframe></body></html>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
    hostURL = `http://localhost:${(host.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => host?.close(resolve));
  });

  it('plays and seeks inside an <iframe> of a page on another origin, and links to the beat’s page in a new tab', async () => {
    const { page, errors } = await openPage();
    await page.goto(hostURL);
    expect(new URL(page.url()).origin).not.toBe(new URL(baseURL()).origin);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: framed.beatTitle }).waitFor();
    // The store's layout stays out of the frame.
    expect(await frame.getByRole('navigation').count()).toBe(0);

    await frame.getByRole('button', { name: `Play ${framed.beatTitle}` }).click();
    await frame.getByRole('button', { name: `Pause ${framed.beatTitle}` }).waitFor();
    const slider = waveform(frame, framed.beatTitle);
    await expect.poll(() => valueOf(slider), { timeout: 10_000 }).toBeGreaterThan(0);
    const playing = await page.frames()[1]!.evaluate(() => {
      const audio = document.querySelector('audio');
      return audio !== null && !audio.paused && audio.currentTime > 0;
    });
    expect(playing).toBe(true);

    // Seek by clicking three quarters along.
    const total = Number(await slider.getAttribute('aria-valuemax'));
    await clickAt(slider, 0.75);
    await expect.poll(() => valueOf(slider)).toBeGreaterThanOrEqual(Math.floor(total * 0.75) - 2);

    const buy = frame.getByRole('link', { name: /Buy on Beat Market/ });
    expect(await buy.getAttribute('target')).toBe('_blank');
    expect(new URL((await buy.getAttribute('href'))!, baseURL()).href).toBe(`${baseURL()}/beat/${framed.slug}`);
    const [opened] = await Promise.all([page.context().waitForEvent('page'), buy.click()]);
    await opened!.waitForURL((url) => url.pathname === `/beat/${framed.slug}`);
    await opened!.getByRole('heading', { name: framed.beatTitle, level: 1 }).waitFor();
    expect(errors).toEqual([]);
  });
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
});
