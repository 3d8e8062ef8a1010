/**
 * Unlocks and downloads, as people do them: a credit unlock and its WAV, a VIP member's MP3, a free
 * user buying stems through the test checkout and downloading them from the dashboard, and a 200 MB
 * stems ZIP saved by the browser itself. The store is shared by every test file of a run, so each test
 * picks beats it has not used yet.
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import type { AdminBeat, AuthResponse, Beat, BeatPage, DownloadLink, OwnedBeats } from '@beat/shared';
import { apiLogin, createAccount, demo, signIn } from '../support/accounts.js';
import { auditContext, auditViewports, baseURL, desktop, newContext, watchErrors, type Viewport } from '../support/browser.js';
import { until } from '../support/steps.js';
import { writeStemsZip } from '../support/stems-zip.js';
import { axeFindings } from '../support/axe.js';
import { fileBrowser } from '../support/suite.js';

const browser = fileBrowser();

async function api<T>(path: string, token?: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function openPage(session: AuthResponse, viewport: Viewport = desktop): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser(), viewport);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, session);
  return { page, errors };
}

async function catalogBeats(): Promise<Beat[]> {
  return (await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100')).beats;
}

async function ownedIds(session: AuthResponse): Promise<Set<string>> {
  const { beats } = await api<OwnedBeats>(`/api/entitlements/${session.user._id}`, session.token);
  return new Set(beats.map((b) => b.beatId));
}

/** The beat's row on the catalog page (searched by title so it is on screen), and its modal opened. */
async function openBeatModal(page: Page, beat: Beat) {
  await page.goto(`/?q=${encodeURIComponent(beat.beatTitle)}`);
  await page.getByRole('button', { name: new RegExp(`^Download ${escapeRegExp(beat.beatTitle)}`) }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Get this beat' });
  await dialog.waitFor();
  return dialog;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { download, bytes: await readFile(path) };
}

/** The stored file's size, from a one-byte Range request on a fresh signed link (the link alone, no login header). */
async function fileSize(session: AuthResponse, beatId: string, fileType: 'mp3' | 'wav' | 'stems'): Promise<number> {
  const link = await api<DownloadLink>('/api/download', session.token, {
    method: 'POST',
    body: { beatId, userId: session.user._id, fileType },
  });
  const res = await fetch(`${baseURL()}${link.url}`, { headers: { range: 'bytes=0-0' } });
  expect(res.status).toBe(206);
  return Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
}

describe('credit unlock', () => {
  it('invited@demo.test spends a credit on a beat and downloads its WAV', async () => {
    let session = await apiLogin(demo.invited);
    if (session.user.Credits === 0) {
      // Earlier runs on the same store spent the demo credits: the admin tops them up, as an operator would.
      const admin = await apiLogin(demo.admin);
      await api(`/api/admin/users/${session.user._id}`, admin.token, { method: 'PATCH', body: { credits: 3 } });
      session = await apiLogin(demo.invited);
    }
    const before = session.user.Credits;
    const owned = await ownedIds(session);
    const fresh = (await catalogBeats()).filter((b) => b.wavFileLink && !owned.has(b._id));
    const [beat, other] = fresh;
    expect(beat && other, 'two catalog beats invited has not unlocked').toBeTruthy();

    const { page, errors } = await openPage(session);
    const dialog = await openBeatModal(page, beat!);
    await dialog.getByText(`Credits left: ${before}`).waitFor();
    expect(await dialog.getByRole('button', { name: 'Download Wav' }).count()).toBe(0);

    await dialog.getByRole('button', { name: 'Unlock for 1 credit' }).click();
    await dialog.getByRole('button', { name: 'Confirm unlock' }).click();
    await page.getByText(`${beat!.beatTitle} unlocked`).waitFor();

    // The modal turns into the downloads without a reload.
    const wavButton = dialog.getByRole('button', { name: 'Download Wav' });
    await wavButton.waitFor();
    const { download, bytes } = await downloaded(page, () => wavButton.click());
    expect(download.suggestedFilename()).toBe(`${beat!.beatTitle}.wav`);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(bytes.length).toBeGreaterThan(44);
    expect(bytes.length).toBe(await fileSize(session, beat!._id, 'wav'));

    expect((await apiLogin(demo.invited)).user.Credits).toBe(before - 1);

    // The row and the next modal know it too, still without a reload.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Download ${beat!.beatTitle}, unlocked` }).first().waitFor();
    await page.getByRole('searchbox').first().fill(other!.beatTitle);
    await page.getByRole('button', { name: new RegExp(`^Download ${escapeRegExp(other!.beatTitle)}`) }).first().click();
    const next = page.getByRole('dialog', { name: 'Get this beat' });
    await next.getByRole('heading', { name: 'Buy a license' }).waitFor();
    if (before - 1 > 0) await next.getByText(`Credits left: ${before - 1}`).waitFor();
    else expect(await next.getByRole('button', { name: 'Unlock for 1 credit' }).count()).toBe(0);

    // The account sidebar's Credits too (client-side navigation, no reload).
    await page.keyboard.press('Escape');
    await next.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.waitForURL((u) => u.pathname === '/user-dashboard');
    expect(await page.getByTestId('user-credits').textContent()).toBe(String(before - 1));
    expect(errors).toEqual([]);
  });
});

describe('VIP members', () => {
  it('vip@demo.test downloads an MP3 and sees no upsell', async () => {
    const session = await apiLogin(demo.vip);
    const beat = (await catalogBeats())[0]!;
    const { page, errors } = await openPage(session);
    const dialog = await openBeatModal(page, beat);
    await dialog.getByText('You are a VIP Member').waitFor();
    await dialog.getByRole('heading', { name: 'VIP download' }).waitFor();
    expect(await dialog.getByRole('heading', { name: 'VIP Catalog' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Get Access' }).count()).toBe(0);
    expect(await page.getByText(/Get FULL access to the/).count()).toBe(0);

    const { download, bytes } = await downloaded(page, () => dialog.getByRole('button', { name: 'Download Mp3' }).click());
    expect(download.suggestedFilename()).toBe(`${beat.beatTitle}.mp3`);
    // An MP3 starts with an ID3 tag or an MPEG frame sync.
    const id3 = bytes.subarray(0, 3).toString('latin1') === 'ID3';
    const sync = bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0;
    expect(id3 || sync).toBe(true);
    expect(bytes.length).toBe(await fileSize(session, beat._id, 'mp3'));
    expect(errors).toEqual([]);
  });
});

describe('purchases from the modal', () => {
  it('free@demo.test sees the purchase cards of a catalog beat, buys stems through the test checkout and downloads them from the dashboard', async () => {
    const session = await apiLogin(demo.free);
    const owned = await ownedIds(session);
    const beats = await catalogBeats();
    const withStems = beats.find((b) => b.hasStems && !owned.has(b._id));
    const withoutStems = beats.find((b) => !b.hasStems);
    expect(withStems, 'a catalog beat with stems that free does not own').toBeTruthy();

    const { page, errors } = await openPage(session);
    if (withoutStems) {
      const dialog = await openBeatModal(page, withoutStems);
      await dialog.getByRole('button', { name: 'Stems are not available for this beat, sorry' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Stems are not available for this beat, sorry' }).isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
    }

    const dialog = await openBeatModal(page, withStems!);
    const config = await api<{ vipPlanPrice: number; stemsPrice: number }>('/api/config');
    for (const name of ['VIP Catalog', 'Stems']) await dialog.getByRole('heading', { name, exact: true }).waitFor();
    await dialog.getByText(`$${config.vipPlanPrice.toFixed(2)}`, { exact: true }).waitFor();
    await dialog.getByText(`$${config.stemsPrice.toFixed(2)}`, { exact: true }).waitFor();
    // A Non-Exclusive beat has no exclusive license: the modal offers only what can be bought (docs/product/offers-and-prices.md#primary-offer).
    expect(await dialog.getByRole('heading', { name: 'Exclusive', exact: true }).count()).toBe(0);
    expect(await dialog.getByText('No price for this beat').count()).toBe(0);
    expect(await dialog.getByText('You are a VIP Member').count()).toBe(0);

    await dialog.getByRole('button', { name: 'Buy Stems' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/test-checkout/'));
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Cardholder name').fill('Finn Free');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((u) => u.pathname === '/paymentConfirm');
    await page.getByText('Payment Successful').waitFor();

    await page.goto('/user-dashboard');
    await page.getByRole('heading', { name: 'Purchased Stems' }).waitFor();
    const button = page.getByRole('button', { name: `Download Stems: ${withStems!.beatTitle}` }).first();
    const { download, bytes } = await downloaded(page, () => button.click());
    expect(download.suggestedFilename()).toBe(`${withStems!.beatTitle}.zip`);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect(bytes.length).toBe(await fileSize(session, withStems!._id, 'stems'));
    expect(errors).toEqual([]);
  });
});

describe('accessibility', () => {
  it.each(auditViewports)('the modal has no serious or critical axe findings (%s)', async (_name, viewport) => {
    const account = await createAccount('dl-axe');
    const context = await auditContext(browser(), viewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, account);
    const beat = (await catalogBeats()).find((b) => b.hasStems)!;
    const dialog = await openBeatModal(page, beat);
    await dialog.getByRole('heading', { name: 'Stems', exact: true }).waitFor();
    const findings = await axeFindings(page, '[role="dialog"]');
    expect(findings).toEqual([]);
    // Keyboard: Escape closes it and focus returns to the row's button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^Download /);
    expect(errors).toEqual([]);
  });
});

describe('large files', () => {
  const MEGABYTE = 1024 * 1024;

  async function sha256Of(file: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(file), hash);
    return hash.digest('hex');
  }

  it('a 200 MB stems ZIP is saved by the browser itself: the stored bytes, without the page holding them', { timeout: 240_000 }, async () => {
    // The store's way to a large file: an admin uploads the beat with its stems ZIP, and grants a user the stems.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'beat-e2e-stems-'));
    const admin = await apiLogin(demo.admin);
    let beatId: string | null = null;
    try {
      const zipPath = path.join(folder, 'stems.zip');
      const stored = await writeStemsZip(zipPath, 200 * MEGABYTE);
      expect(stored.size).toBeGreaterThanOrEqual(200 * MEGABYTE);
      const preview = (await catalogBeats())[0]!.streamingMp3FileLink!;
      const mp3 = Buffer.from(await (await fetch(`${baseURL()}${preview}`)).arrayBuffer());
      const title = `Big Stems ${Date.now().toString(36)}`;
      const form = new FormData();
      for (const [field, value] of Object.entries({
        beatTitle: title,
        artistName: 'E2E Producer',
        category: 'Electronic',
        bpm: '140',
        releaseDate: '2026-05-04',
        tags: 'e2e, stems',
        beatType: 'Non-Exclusive',
      })) {
        form.append(field, value);
      }
      form.append('mp3File', new Blob([mp3], { type: 'audio/mpeg' }), 'big.mp3');
      form.append('stemsFile', await openAsBlob(zipPath, { type: 'application/zip' }), 'stems.zip');
      const created = await fetch(`${baseURL()}/api/admin/beats`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      });
      expect(created.status, await created.clone().text()).toBe(201);
      beatId = ((await created.json()) as { beat: AdminBeat }).beat._id;
      // Listed once its preview is rendered.
      const beat = await until('the new beat in the catalog', async () =>
        (await api<BeatPage>(`/api/beats?q=${encodeURIComponent(title)}&limit=5`)).beats.find((b) => b._id === beatId),
      );
      expect(beat.hasStems).toBe(true);

      const buyer = await createAccount('dl-big');
      await api(`/api/admin/users/${buyer.user._id}`, admin.token, { method: 'PATCH', body: { isStemsAvailable: true } });
      const { page, errors } = await openPage(buyer);
      const dialog = await openBeatModal(page, beat);
      const button = dialog.getByRole('button', { name: 'Download Stems' });
      await button.waitFor();

      // The page's JS heap plus the ArrayBuffers it holds (a page that reads the file into memory grows by its size).
      const cdp = await page.context().newCDPSession(page);
      const heapUsed = async () => {
        const usage = await cdp.send('Runtime.getHeapUsage');
        return usage.usedSize + usage.backingStorageSize;
      };
      await cdp.send('HeapProfiler.collectGarbage');
      const before = await heapUsed();
      let peak = before;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await heapUsed());
          await new Promise((r) => setTimeout(r, 100));
        }
      })();

      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
      const file = await download.path();
      sampling = false;
      await sampler;
      peak = Math.max(peak, await heapUsed());

      // The browser fetched the signed link itself (no blob: URL made from bytes the page held).
      expect(new URL(download.url()).pathname).toMatch(/^\/api\/download\/[\w-]{96}$/);
      expect(download.suggestedFilename()).toBe(`${title}.zip`);
      expect(await download.failure()).toBeNull();
      const growth = peak - before;
      console.info(`200 MB download: page memory ${(before / MEGABYTE).toFixed(1)} MB before, peak +${(growth / MEGABYTE).toFixed(1)} MB`);
      expect(growth).toBeLessThan(50 * MEGABYTE);
      expect(await fileSize(buyer, beat._id, 'stems')).toBe(stored.size);
      expect(await sha256Of(file)).toBe(stored.sha256);
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      // Out of the catalog again, so the other tests never pick it.
      if (beatId) await api(`/api/admin/beats/${beatId}`, admin.token, { method: 'DELETE' });
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
