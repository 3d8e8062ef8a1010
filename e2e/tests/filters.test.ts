/**
 * The catalog's filter bar (docs/product/screens-and-words.md#filter-bar), as a buyer uses it: genre, BPM range
 * and sort narrow and order the list; the filters live in the address (reload, Back); chips remove one filter and
 * "Clear all" every one; on a phone the filters open in a sheet; the admin's beat form sets a beat's key and moods.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminBeatsPage, BeatPage } from '@beat/shared';
import { apiLogin, demo, signIn } from '../support/accounts.js';
import { baseURL, desktop, mobile, newContext, watchErrors, type Viewport } from '../support/browser.js';
import { axeFindings } from '../support/axe.js';
import { fileBrowser } from '../support/suite.js';

const browser = fileBrowser();

/** `audit`: a page axe can be injected into (the store's CSP rightly forbids inline scripts). */
async function openPage(viewport: Viewport = desktop, audit = false): Promise<{ page: Page; errors: string[] }> {
  const context = audit ? await browser().newContext({ baseURL: baseURL(), viewport, bypassCSP: true }) : await newContext(browser(), viewport);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

/** Rows per page of the VIP CATALOG list (docs/product/screens-and-words.md#catalog-page). */
const VIP_PAGE = 24;

/** The first page of the VIP CATALOG list as the API answers it for these filters. */
async function expectedVip(filters: Record<string, string | string[]>): Promise<BeatPage['beats']> {
  const params = new URLSearchParams({ type: 'Non-Exclusive', limit: String(VIP_PAGE) });
  for (const [name, value] of Object.entries(filters)) for (const v of [value].flat()) params.append(name, v);
  const res = await fetch(`${baseURL()}/api/beats?${params.toString()}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as BeatPage).beats;
}

/** Every listed beat the filters leave (all types, all pages). */
async function countAll(filters: Record<string, string | string[]>): Promise<number> {
  let cursor: string | null = null;
  let count = 0;
  do {
    const params = new URLSearchParams({ limit: '100' });
    for (const [name, value] of Object.entries(filters)) for (const v of [value].flat()) params.append(name, v);
    if (cursor) params.set('cursor', cursor);
    const page = (await (await fetch(`${baseURL()}/api/beats?${params.toString()}`)).json()) as BeatPage;
    count += page.beats.length;
    cursor = page.nextCursor;
  } while (cursor);
  return count;
}

/** The VIP CATALOG list of `/`, named "Beats included" on `/vip`. */
const vipList = (page: Page, name: string | RegExp = /VIP CATALOG/i) => page.getByRole('list', { name });

/** The titles of the VIP list's rows, in order (each row's play button is named after its beat). */
async function vipTitles(page: Page, name?: string): Promise<string[]> {
  const names = await vipList(page, name)
    .locator(':scope > li')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('button[aria-label]')?.getAttribute('aria-label') ?? ''));
  return names.map((name) => name.replace(/^(Play|Pause) /, ''));
}

async function expectList(page: Page, filters: Record<string, string | string[]>) {
  const expected = (await expectedVip(filters)).map((b) => b.beatTitle);
  await expect.poll(() => vipTitles(page), { timeout: 15_000 }).toEqual(expected);
}

const search = (page: Page) => new URL(page.url()).searchParams;

/**
 * Waits until the app drives the bar: `/` and `/exclusives` arrive drawn in the HTML, and the bar answers once the
 * app has taken over and counted the beats (the count is in the page even where a phone hides it).
 */
async function barReady(page: Page, name = 'Filter and sort beats') {
  const bar = page.getByRole('region', { name });
  await bar.getByText(/^\d+ beats?$/).waitFor({ state: 'attached' });
  return bar;
}

describe('filter bar', () => {
  it('filters by genre and BPM range, sorts, survives a reload, and Back restores the previous filters', async () => {
    const { page, errors } = await openPage();
    await page.goto('/');
    const bar = await barReady(page);

    // Genre: the option shows its count, and choosing it narrows the list.
    await bar.getByRole('button', { name: 'Genre' }).click();
    const hipHop = bar.getByRole('checkbox', { name: /^Hip Hop \(\d+\)$/ });
    await hipHop.check();
    await expect.poll(() => search(page).getAll('genre')).toEqual(['hip-hop']);
    await expectList(page, { genre: 'Hip Hop' });
    for (const beat of await expectedVip({ genre: 'Hip Hop' })) expect(beat.category).toBe('Hip Hop');
    await page.keyboard.press('Escape');
    await expect.poll(() => hipHop.count()).toBe(0);
    expect(await bar.getByRole('button', { name: /^Genre/ }).evaluate((el) => el === document.activeElement)).toBe(true);

    // BPM: two sliders, moved with the keyboard.
    await bar.getByRole('button', { name: 'BPM' }).click();
    const min = bar.getByRole('slider', { name: 'Minimum BPM' });
    const max = bar.getByRole('slider', { name: 'Maximum BPM' });
    await min.focus();
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
    await max.focus();
    for (let i = 0; i < 50; i++) await page.keyboard.press('ArrowLeft');
    expect(await min.getAttribute('aria-valuetext')).toBe('90 BPM');
    expect(await max.getAttribute('aria-valuetext')).toBe('150 BPM');
    await expect.poll(() => [search(page).get('bpmMin'), search(page).get('bpmMax')]).toEqual(['90', '150']);
    await bar.getByRole('button', { name: 'Done' }).click();
    const range = { genre: 'Hip Hop', bpmMin: '90', bpmMax: '150' };
    await expectList(page, range);
    const inRange = await expectedVip(range);
    expect(inRange.length).toBeGreaterThan(1);
    for (const beat of inRange) expect(beat.bpm >= 90 && beat.bpm <= 150).toBe(true);

    // Sort: BPM, slow to fast.
    await bar.getByLabel('Sort by').selectOption('bpmAsc');
    await expect.poll(() => search(page).get('sort')).toBe('bpmAsc');
    const sorted = { ...range, sort: 'bpmAsc' };
    await expectList(page, sorted);
    const bpms = (await expectedVip(sorted)).map((b) => b.bpm);
    expect(bpms).toEqual([...bpms].sort((a, b) => a - b));
    const chips = bar.getByRole('list', { name: 'Active filters' });
    await chips.getByRole('button', { name: 'Remove filter: Hip Hop' }).waitFor();
    await chips.getByRole('button', { name: 'Remove filter: 90–150 BPM' }).waitFor();

    // The address is the state: a reload shows the same list, chips and sort.
    await page.reload();
    await expectList(page, sorted);
    expect(await bar.getByLabel('Sort by').inputValue()).toBe('bpmAsc');
    await chips.getByRole('button', { name: 'Remove filter: 90–150 BPM' }).waitFor();

    // Back: the filters before the sort.
    await page.goBack();
    await expect.poll(() => search(page).get('sort')).toBe(null);
    expect(search(page).get('bpmMin')).toBe('90');
    await expectList(page, range);
    expect(await bar.getByLabel('Sort by').inputValue()).toBe('newest');
    await page.goForward();
    await expectList(page, sorted);

    // A chip removes its filter alone; "Clear all" removes every filter (the sort stays: it is an order).
    await chips.getByRole('button', { name: 'Remove filter: 90–150 BPM' }).click();
    await expect.poll(() => search(page).get('bpmMin')).toBe(null);
    await expectList(page, { genre: 'Hip Hop', sort: 'bpmAsc' });
    // The keyboard stays in the chips.
    expect(await chips.getByRole('button', { name: 'Remove filter: Hip Hop' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await bar.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => search(page).getAll('genre')).toEqual([]);
    await expectList(page, { sort: 'bpmAsc' });
    await chips.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('says when nothing matches and offers "Clear all"', async () => {
    const { page } = await openPage();
    expect(await countAll({ type: 'Non-Exclusive', bpmMin: '195', hasStems: 'true' })).toBe(0);
    await page.goto('/vip?bpmMin=195&hasStems=true');
    const section = page.getByRole('region', { name: 'Beats included' });
    await section.getByText('No beats match these filters.').waitFor();
    // The empty state's own "Clear all" (the bar above it has one too).
    await section.locator('.cat-state').getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => page.url()).toBe(`${baseURL()}/vip`);
    await expect.poll(() => vipTitles(page, 'Beats included'), { timeout: 15_000 }).toEqual((await expectedVip({})).map((b) => b.beatTitle));
  });

  it('narrows the exclusives grid by max price', async () => {
    const { page } = await openPage();
    await page.goto('/exclusives');
    const bar = await barReady(page, 'Filter and sort exclusives');
    await bar.getByLabel('Max price').selectOption('400');
    await expect.poll(() => search(page).get('priceMax')).toBe('400');
    const res = (await (await fetch(`${baseURL()}/api/beats?type=Exclusive&priceMax=400&limit=50`)).json()) as BeatPage;
    expect(res.beats.length).toBeGreaterThan(0);
    for (const beat of res.beats) expect(beat.price).toBeLessThanOrEqual(400);
    const grid = page.getByRole('region', { name: 'NEW EXCLUSIVES' });
    await expect.poll(() => grid.getByRole('listitem').filter({ has: page.getByRole('heading') }).count()).toBe(res.beats.length);
    await bar.getByRole('list', { name: 'Active filters' }).getByRole('button', { name: 'Remove filter: Up to $400.00' }).waitFor();
  });
});

describe('the phone sheet', () => {
  it('opens the filters in a modal sheet with the keyboard kept inside, Escape leaves the list as it was, "Show N beats" applies', async () => {
    const { page, errors } = await openPage(mobile);
    await page.goto('/');
    const bar = await barReady(page);
    const open = bar.getByRole('button', { name: /^Filters/ });
    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    // The keyboard stays in the sheet.
    for (let i = 0; i < 45; i++) {
      await page.keyboard.press('Tab');
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await sheet.getByRole('checkbox', { name: /^Jazz/ }).check();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(search(page).getAll('genre')).toEqual([]);
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);

    await open.click();
    expect(await sheet.getByRole('checkbox', { name: /^Jazz/ }).isChecked()).toBe(false);
    await sheet.getByRole('checkbox', { name: /^Jazz/ }).check();
    await sheet.getByRole('checkbox', { name: 'Stems included' }).check();
    const total = await countAll({ genre: 'Jazz', hasStems: 'true' });
    const show = sheet.getByRole('button', { name: total === 1 ? 'Show 1 beat' : `Show ${total} beats` });
    await show.waitFor();
    await show.click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => [search(page).getAll('genre'), search(page).get('hasStems')]).toEqual([['jazz'], 'true']);
    await expectList(page, { genre: 'Jazz', hasStems: 'true' });
    await bar.getByRole('button', { name: 'Filters, 2 active' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('accessibility', () => {
  it('the filter bar with a panel open, and the phone sheet, have no serious or critical axe findings', async () => {
    const wide = await openPage(desktop, true);
    await wide.page.goto('/?genre=hip-hop&bpmMin=90');
    const bar = await barReady(wide.page);
    await bar.getByRole('list', { name: 'Active filters' }).waitFor();
    await bar.getByRole('button', { name: /^Key/ }).click();
    await bar.getByRole('checkbox', { name: /^F minor/ }).waitFor();
    await bar.getByText(/^\d+ beats?$/).waitFor();
    expect(await axeFindings(wide.page)).toEqual([]);
    await wide.page.context().close();

    const phone = await openPage(mobile, true);
    await phone.page.goto('/?genre=hip-hop');
    await (await barReady(phone.page)).getByRole('button', { name: /^Filters/ }).click();
    const sheet = phone.page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('button', { name: /^Show \d+ beats?$/ }).waitFor();
    expect(await axeFindings(phone.page)).toEqual([]);
    await phone.page.context().close();
  });
});

describe('the admin beat form', () => {
  it('sets a beat’s key and moods, which the filters then find', async () => {
    const session = await apiLogin(demo.admin);
    const list = (await (
      await fetch(`${baseURL()}/api/admin/beats?type=Non-Exclusive&pageSize=1`, { headers: { authorization: `Bearer ${session.token}` } })
    ).json()) as AdminBeatsPage;
    const beat = list.beats[0]!;
    const { page } = await openPage();
    await signIn(page, session);
    await page.goto('/admin/beats-management');
    await page.getByRole('button', { name: `Edit ${beat.beatTitle}` }).first().click();
    const edit = page.getByRole('dialog', { name: 'Edit Beat' });
    expect(await edit.getByLabel('Key').inputValue()).toBe(beat.musicalKey ?? '');
    await edit.getByLabel('Key').selectOption('G# minor');
    const moods = edit.getByRole('group', { name: 'Moods' });
    for (const mood of ['Epic', 'Dreamy']) if (!(await moods.getByLabel(mood).isChecked())) await moods.getByLabel(mood).check();
    for (const mood of ['Dark', 'Happy', 'Sad', 'Chill', 'Energetic', 'Aggressive', 'Romantic', 'Bouncy']) {
      if (await moods.getByLabel(mood).isChecked()) await moods.getByLabel(mood).uncheck();
    }
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(`${beat.beatTitle} updated`).waitFor({ timeout: 30_000 });

    const found: BeatPage['beats'] = [];
    let cursor: string | null = null;
    do {
      const url = `${baseURL()}/api/beats?key=G%23+minor&mood=epic&mood=dreamy&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: BeatPage = (await (await fetch(url)).json()) as BeatPage;
      found.push(...page.beats);
      cursor = page.nextCursor;
    } while (cursor);
    const saved = found.find((b) => b._id === beat._id);
    expect(saved?.musicalKey).toBe('G# minor');
    expect(saved?.moods).toEqual(['epic', 'dreamy']);
  });
});
