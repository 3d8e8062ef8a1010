/**
 * The audio tag (Store Settings), as an admin uses it: a new tag is uploaded, every preview is rendered again
 * while the page counts them, and a visitor then hears the re-tagged preview; a file that is not audio is
 * refused with the server's own reason and changes nothing. The built-in tag is restored at the end.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { BeatPage, StoreSettings } from '@beat/shared';
import { apiLogin, demo, signIn } from '../support/accounts.js';
import { baseURL, launchBrowser, newContext, watchErrors } from '../support/browser.js';
import { monoWav } from '../support/wav.js';
import { axeFindings } from '../support/axe.js';

/** ~340 demo beats share 24 tracks; re-rendering them all can take a minute on a small machine. */
const RENDER_TIMEOUT_MS = 150_000;

let browser: Browser;
let adminToken: string;

async function adminApi<T>(path: string, method: 'GET' | 'DELETE' = 'GET'): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, { method, headers: { authorization: `Bearer ${adminToken}` } });
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const settingsNow = () => adminApi<StoreSettings>('/api/admin/store-settings');
const allRendered = ({ progress }: StoreSettings) => progress.rendered + progress.failed >= progress.total;

function waitForRendering(): Promise<StoreSettings> {
  return vi.waitFor(
    async () => {
      const settings = await settingsNow();
      if (!allRendered(settings)) throw new Error(`previews still rendering: ${JSON.stringify(settings.progress)}`);
      return settings;
    },
    { timeout: RENDER_TIMEOUT_MS, interval: 1000 },
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin(demo.admin)).token;
});

afterAll(async () => {
  await browser?.close();
  // Other files expect the store as seeded: the built-in tag, and a render queue free for their new beats.
  if ((await settingsNow()).tag.custom) await adminApi('/api/admin/store-settings/tag', 'DELETE');
  await waitForRendering();
}, RENDER_TIMEOUT_MS + 30_000);

/** `audit`: a page axe can be injected into (the app's CSP forbids inline scripts, rightly). */
async function openAsAdmin(audit = false): Promise<{ page: Page; errors: string[] }> {
  const context = audit
    ? await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 }, bypassCSP: true })
    : await newContext(browser);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, await apiLogin(demo.admin));
  await page.goto('/admin/store-settings');
  await page.getByRole('heading', { name: 'Store Settings', level: 1 }).waitFor();
  return { page, errors };
}

/** The first beat of the store's VIP catalog, as the store's list has it. */
async function firstVipBeat() {
  const { beats } = (await (await fetch(`${baseURL()}/api/beats?type=Non-Exclusive&limit=1`)).json()) as BeatPage;
  return beats[0]!;
}

/** 1.5 s of a rising chirp (600 Hz → 3.2 kHz), 16-bit mono at 44.1 kHz, faded in and out: a tag unlike the built-in one. */
function chirpWav(seconds = 1.5): Buffer {
  const rate = 44100;
  const samples = Math.round(seconds * rate);
  const [from, to] = [600, 3200];
  const fade = Math.round(0.02 * rate);
  return monoWav(samples, (i) => {
    const t = i / rate;
    const phase = 2 * Math.PI * (from * t + ((to - from) * t * t) / (2 * seconds));
    return Math.sin(phase) * Math.min(1, i / fade, (samples - 1 - i) / fade) * 0.6;
  });
}

const PROGRESS = /^([\d,]+) of ([\d,]+) previews rendered$/;

/** Whether the Previews status reads "N of N previews rendered". */
async function showsAllRendered(status: Locator): Promise<boolean> {
  const match = PROGRESS.exec((await status.innerText()).trim());
  return match !== null && match[1] === match[2];
}

describe('store settings: the audio tag', () => {
  it('refuses a file that is not audio with the server’s reason, and changes nothing', async () => {
    const before = await settingsNow();
    const beatBefore = await firstVipBeat();
    const { page, errors } = await openAsAdmin(true);
    const tag = page.getByRole('region', { name: 'Audio tag' });
    await tag.getByText(before.tag.fileName, { exact: true }).waitFor();
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Store Settings' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);

    await tag
      .getByLabel('Upload a new tag (MP3 or WAV, up to 30 s)')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('These are my notes, not a sound logo.\n'.repeat(40)) });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/store-settings/tag') && r.request().method() === 'PUT');
    await tag.getByRole('button', { name: 'Upload tag' }).click();
    const response = await answered;
    expect(response.status()).toBe(400);
    const { message } = (await response.json()) as { message: string };
    expect(message).toMatch(/^[A-Z].{10,}\.$/);

    const alert = tag.getByRole('alert');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(message);
    expect(await tag.getByLabel('Upload a new tag (MP3 or WAV, up to 30 s)').getAttribute('aria-invalid')).toBe('true');

    const after = await settingsNow();
    expect(after.version).toBe(before.version);
    expect(after.tag).toEqual(before.tag);
    expect((await firstVipBeat()).streamingMp3FileLink).toBe(beatBefore.streamingMp3FileLink);
    expect(errors).toEqual([]);
  });

  it(
    'an admin uploads a new tag, watches every preview render again, and a visitor hears the re-tagged preview',
    async () => {
      const beatBefore = await firstVipBeat();
      const { page, errors } = await openAsAdmin();
      const tag = page.getByRole('region', { name: 'Audio tag' });
      await tag.getByLabel('Upload a new tag (MP3 or WAV, up to 30 s)').setInputFiles({ name: 'e2e-chirp.wav', mimeType: 'audio/wav', buffer: chirpWav() });
      await tag.getByRole('button', { name: 'Upload tag' }).click();
      await page.getByText('e2e-chirp.wav is the new tag. The previews are being rendered again.').waitFor({ timeout: 30_000 });

      // What the server found in the file, and a player that fetches it with the admin's token.
      await tag.getByText('e2e-chirp.wav', { exact: true }).waitFor();
      await tag.getByText('WAV · 44.1 kHz · 16-bit · 1.5 s').waitFor();
      await tag.getByRole('button', { name: 'Use the built-in tag' }).waitFor();
      await tag.getByRole('button', { name: 'Play tag' }).click();
      await expect.poll(() => tag.locator('audio').evaluate((a: HTMLAudioElement) => a.currentSrc)).toMatch(/^blob:/);
      await expect.poll(() => tag.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);

      const previews = page.getByRole('region', { name: 'Previews' });
      const status = previews.getByRole('status');
      await expect.poll(async () => (await status.innerText()).trim()).toMatch(PROGRESS);
      const bar = previews.getByRole('progressbar', { name: 'Previews rendered' });
      await bar.waitFor();
      // The page polls on its own: no reload until every preview is rendered.
      await expect.poll(() => showsAllRendered(status), { timeout: RENDER_TIMEOUT_MS, interval: 1000 }).toBe(true);
      expect(await bar.evaluate((p: HTMLProgressElement) => p.value === p.max)).toBe(true);
      expect(await previews.getByText(/could not be rendered/).count()).toBe(0);
      expect(errors).toEqual([]);

      // The store now hands out the new render of each preview.
      const beatAfter = await firstVipBeat();
      expect(beatAfter._id).toBe(beatBefore._id);
      expect(beatAfter.streamingMp3FileLink).toMatch(/[?&]v=[^&]+/);
      expect(beatAfter.streamingMp3FileLink).not.toBe(beatBefore.streamingMp3FileLink);

      const visitor = await (await newContext(browser)).newPage();
      const visitorErrors = watchErrors(visitor);
      await visitor.goto('/');
      const firstRow = visitor.getByRole('list', { name: /VIP CATALOG/i }).locator(':scope > li').first();
      await firstRow.getByText(beatAfter.beatTitle, { exact: true }).waitFor();
      await firstRow.getByRole('button', { name: `Play ${beatAfter.beatTitle}` }).click();
      await visitor.getByRole('region', { name: 'Player' }).getByText(beatAfter.beatTitle).waitFor();
      await expect
        .poll(() => visitor.evaluate(() => document.querySelector('audio')?.currentTime ?? 0), { timeout: 15_000 })
        .toBeGreaterThan(0.5);
      const expectedSrc = new URL(beatAfter.streamingMp3FileLink!, baseURL()).href;
      expect(await visitor.evaluate(() => document.querySelector('audio')?.currentSrc)).toBe(expectedSrc);
      expect(visitorErrors).toEqual([]);
    },
    RENDER_TIMEOUT_MS + 60_000,
  );
});
