/**
 * Licence tiers as the admin runs them (docs/product/licenses.md#tiers): in Beats Management the admin opens a beat with
 * a WAV file, prices its WAV Lease and saves, and the beat then sells the WAV Lease at that price; in Licenses the admin
 * adds a tier, moves it up and switches it off. Both screens pass axe. The test makes its own beat through the admin API
 * (removed afterwards); its tier has no price, so no beat offers it and no other test meets it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminBeat, AdminTiersResponse, AuthResponse, BeatPage, BeatTiersResponse } from '@beat/shared';
import { apiLogin, demo } from '../support/accounts.js';
import { api } from '../support/api.js';
import { axeFindingsAt } from '../support/axe.js';
import { baseURL, mobile } from '../support/browser.js';
import { until } from '../support/steps.js';
import { fileBrowser, openPage } from '../support/suite.js';
import { monoWav } from '../support/wav.js';

const browser = fileBrowser();
const unique = randomBytes(3).toString('hex');
let admin: AuthResponse;
let beat: AdminBeat;
const addedTiers: string[] = [];

beforeAll(async () => {
  admin = await apiLogin(demo.admin);
  // A lease beat with an MP3 (a demo beat's preview) and a WAV, so it may sell the WAV Lease.
  const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=1');
  const mp3 = Buffer.from(await (await fetch(`${baseURL()}${beats[0]!.streamingMp3FileLink!}`)).arrayBuffer());
  const form = new FormData();
  const fields = { beatTitle: `E2E Tiers ${unique}`, artistName: 'E2E Producer', category: 'Hip Hop', bpm: '90', releaseDate: new Date().toISOString().slice(0, 10), tags: 'e2e, tiers', beatType: 'Non-Exclusive', price: '24.99' };
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('mp3File', new Blob([mp3], { type: 'audio/mpeg' }), 'tiers.mp3');
  form.append('wavFile', new Blob([new Uint8Array(monoWav(44_100))], { type: 'audio/wav' }), 'tiers.wav');
  const created = await fetch(`${baseURL()}/api/admin/beats`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
  expect(created.status, await created.clone().text()).toBe(201);
  beat = ((await created.json()) as { beat: AdminBeat }).beat;
  expect(beat.hasWav).toBe(true);
  await until(`${beat.beatTitle} in the catalog`, async () => (await api<BeatPage>(`/api/beats?q=${encodeURIComponent(beat.beatTitle)}&limit=5`)).beats.some((b) => b._id === beat._id));
}, 120_000);

afterAll(async () => {
  if (beat) await api(`/api/admin/beats/${beat._id}`, admin.token, { method: 'DELETE' }).catch(() => undefined);
  // Tiers are never deleted: the test's own is switched off.
  for (const key of addedTiers) await api(`/api/admin/tiers/${key}`, admin.token, { method: 'PUT', body: { active: false } }).catch(() => undefined);
});

/** Beats Management with the beat's Edit form open, its tiers shown. */
async function openBeatTiers(page: Page) {
  await page.goto('/admin/beats-management');
  await page.getByRole('searchbox', { name: 'Search titles, tags or artists' }).fill(beat.beatTitle);
  await page.getByRole('region', { name: 'Leases' }).getByRole('button', { name: `Edit ${beat.beatTitle}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Beat' });
  await dialog.getByRole('form', { name: 'WAV Lease for this beat' }).waitFor();
  return dialog;
}

describe('licence tiers in the admin', () => {
  it('prices a beat’s WAV Lease in the beat form, and the beat sells it at that price', async () => {
    const { page, errors } = await openPage(browser(), admin);
    const dialog = await openBeatTiers(page);

    // The MP3 Lease follows the beat's price; a tier needing stems says why the beat does not offer it.
    const lease = dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'MP3 Lease' }) });
    await lease.getByText('Offered at $24.99').waitFor();
    await lease.getByText(/Its price is the beat’s own price/).waitFor();
    const trackout = dialog.getByRole('form', { name: 'Trackout Lease for this beat' });
    await trackout.getByText(/^Not offered: .*stems/i).waitFor();

    const wav = dialog.getByRole('form', { name: 'WAV Lease for this beat' });
    await wav.getByLabel('Price of the WAV Lease').fill('44.50');
    await wav.getByRole('button', { name: 'Save WAV Lease' }).click();
    await wav.getByText('WAV Lease saved.').waitFor();
    await wav.getByText('Offered at $44.50').waitFor();

    const { tiers } = await api<BeatTiersResponse>(`/api/beats/${beat._id}/tiers`);
    expect(tiers.find((t) => t.key === 'wav')).toMatchObject({ name: 'WAV Lease', price: 44.5, files: ['mp3', 'wav'] });
    expect(tiers.find((t) => t.key === 'lease')).toMatchObject({ price: 24.99 });
    expect(tiers.some((t) => t.key === 'trackout')).toBe(false);
    expect(errors).toEqual([]);
  });

  it('adds a tier in Licenses, moves it up with the keyboard and switches it off', async () => {
    const name = `E2E Tier ${unique}`;
    const { page, errors } = await openPage(browser(), admin);
    await page.goto('/admin/licenses');
    const add = page.getByRole('form', { name: 'Add a tier' });
    await add.getByLabel('Name').fill(name);
    await add.getByRole('checkbox', { name: 'WAV' }).check();
    await add.getByRole('checkbox', { name: 'Stems (ZIP)' }).check();
    await add.getByRole('button', { name: 'Add tier' }).click();
    await add.getByText(`${name} added, last and on. Its terms are below.`).waitFor();

    const before = (await api<AdminTiersResponse>('/api/admin/tiers', admin.token)).tiers;
    const added = before.find((t) => t.name === name)!;
    addedTiers.push(added.key);
    expect(added).toMatchObject({ files: ['mp3', 'wav', 'stems'], defaultPrice: null, active: true, builtIn: false });
    expect(before.at(-1)!.key).toBe(added.key);

    const heading = page.getByRole('heading', { level: 3, name: new RegExp(`^${before.length}\\. ${name}`) });
    await heading.waitFor();
    await page.getByRole('button', { name: `Move up ${name}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 3, name: new RegExp(`^${before.length - 1}\\. ${name}`) }).waitFor();
    // The focus stays on the button, so it can be pressed again.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Move up ${name}`);

    const after = (await api<AdminTiersResponse>('/api/admin/tiers', admin.token)).tiers.map((t) => t.key);
    expect(after).toEqual([...before.slice(0, -2), before.at(-1)!, before.at(-2)!].map((t) => t.key));
    // Its terms have a tab of their own.
    await page.getByRole('tab', { name }).click();
    await page.getByRole('heading', { name: `${name} terms` }).waitFor();

    // Switched off in its Edit form, it stays in the list, marked Off.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${name}` });
    await edit.getByRole('checkbox', { name: 'On: beats offer this tier' }).uncheck();
    await edit.getByRole('button', { name: 'Save tier' }).click();
    await edit.getByText(`${name} saved.`).waitFor();
    await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(name) }) }).getByText('Off', { exact: true }).waitFor();
    expect((await api<AdminTiersResponse>('/api/admin/tiers', admin.token)).tiers.find((t) => t.key === added.key)).toMatchObject({ active: false });
    expect(errors).toEqual([]);
  });

  it('passes axe on Licenses and on the beat form’s tiers, on a desktop and a phone', async () => {
    for (const viewport of [undefined, mobile]) {
      const licenses = await axeFindingsAt(browser(), '/admin/licenses', (page) => page.getByRole('form', { name: 'Add a tier' }).waitFor(), {
        session: admin,
        viewport,
      });
      expect(licenses).toEqual([]);
      const beatForm = await axeFindingsAt(browser(), '/admin/beats-management', async (page) => void (await openBeatTiers(page)), { session: admin, viewport });
      expect(beatForm).toEqual([]);
    }
  });
});
