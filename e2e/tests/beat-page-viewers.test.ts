/**
 * A beat's page as each kind of user meets it — a visitor, a free user, a VIP member and an admin — with nothing in
 * the console: no error, no failed request (a free user's download check is an answer, not a 404), and no Stems card
 * for a beat without stems, only the product's disabled button. Then a sold exclusive's shared address: its page says
 * Sold, in the HTML the server sends too, and shows its buyer the downloads. The sold test makes its own exclusive
 * through the admin API and takes it out of the store afterwards.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AuthResponse, Beat, BeatDetail, BeatPage, BeatTiersResponse, OwnedBeats } from '@beat/shared';
import { apiLogin, createAccount, demo, signIn } from '../support/accounts.js';
import { baseURL, newContext } from '../support/browser.js';
import { api } from '../support/api.js';
import { fileBeatMaker } from '../support/made-beats.js';
import { fileBrowser } from '../support/suite.js';
import { payAtTestCheckout, until } from '../support/steps.js';

const browser = fileBrowser();
const made = fileBeatMaker();

const noStems = 'Stems are not available for this beat, sorry';

/**
 * A page signed in as `session` (or a visitor's), keeping what a person would see in the console: errors logged,
 * uncaught errors, and every answer of 400 or more ("Failed to load resource").
 */
async function openAs(session: AuthResponse | null): Promise<{ page: Page; problems: string[]; asked: string[] }> {
  const context = await newContext(browser());
  const page = await context.newPage();
  const problems: string[] = [];
  const asked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    asked.push(pathname);
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${pathname}`);
  });
  if (session) await signIn(page, session);
  return { page, problems, asked };
}

/** A catalog beat without a stems file (one the demo store has), listed with a lease price, that `session` holds nothing of. */
async function beatWithoutStems(session: AuthResponse | null = null): Promise<Beat> {
  const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=100');
  const owned = session ? (await api<OwnedBeats>(`/api/entitlements/${session.user._id}`, session.token)).beats.map((b) => b.beatId) : [];
  const beat = beats.find((b) => !b.hasStems && b.price !== null && !owned.includes(b._id));
  if (!beat) throw new Error('the demo store has no catalog beat without stems');
  return beat;
}

describe("a beat's page for every kind of user", () => {
  const viewers = [
    ['a visitor', null],
    ['a free user', demo.free],
    ['a VIP member', demo.vip],
    ['an admin', demo.admin],
  ] as const;

  it.each(viewers)('%s opens a catalog beat without stems: no Stems card, the disabled refusal, and nothing in the console', async (_who, email) => {
    const session = email ? await apiLogin(email) : null;
    const beat = await beatWithoutStems(session);
    if (session) {
      // The free user's download check of a beat they do not hold answers "nothing" (200), as the web app asks it.
      const rights = await api<{ isAllowDownload: boolean }>(`/api/entitlements/${session.user._id}/${beat._id}`, session.token);
      expect(typeof rights.isAllowDownload).toBe('boolean');
    }
    const { page, problems, asked } = await openAs(session);
    await page.goto(`/beat/${beat.slug}`);
    await page.getByRole('heading', { name: beat.beatTitle, level: 1 }).waitFor();

    const offers = page.getByRole('region', { name: 'Get this beat' });
    const refusal = offers.getByRole('button', { name: noStems });
    await refusal.waitFor();
    expect(await refusal.isDisabled()).toBe(true);
    expect(await offers.getByRole('heading', { name: 'Stems', exact: true }).count()).toBe(0);
    expect(await offers.getByRole('button', { name: 'Buy Stems' }).count()).toBe(0);
    // Not inside any offer's card.
    expect(await offers.getByRole('listitem').filter({ hasText: noStems }).count()).toBe(0);

    await page.waitForLoadState('networkidle');

    // Reached from the catalog instead, the page asks the browser's own questions (the download check among them).
    await page.goto(`/?q=${encodeURIComponent(beat.beatTitle)}`);
    await page.getByRole('list', { name: /VIP CATALOG/i }).getByRole('link', { name: beat.beatTitle }).first().click();
    await page.waitForURL((url) => url.pathname === `/beat/${beat.slug}`);
    await page.getByRole('region', { name: 'Get this beat' }).getByRole('button', { name: noStems }).waitFor();
    if (email === demo.free) {
      await expect.poll(() => asked.includes(`/api/entitlements/${session!.user._id}/${beat._id}`)).toBe(true);
    }
    // Everything the page asked for (the download check, the cart, the config) has been answered, none as a failure.
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(asked.filter((path) => path.startsWith('/api/checkCreditDownload/'))).toEqual([]);
    await page.context().close();
  });
});

describe('the download pop-up', () => {
  it('shows a free user only the offers a beat without stems has, and the disabled refusal under them', async () => {
    const free = await apiLogin(demo.free);
    const beat = await beatWithoutStems(free);
    const { page, problems } = await openAs(free);
    await page.goto(`/?q=${encodeURIComponent(beat.beatTitle)}`);
    await page.getByRole('button', { name: `Download ${beat.beatTitle}` }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Get this beat' });
    const refusal = dialog.getByRole('button', { name: noStems });
    await refusal.waitFor();
    expect(await refusal.isDisabled()).toBe(true);
    const cards = dialog.getByRole('region', { name: 'Buy a license' }).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4 }) });
    // Beside the MP3 lease, the other licence tiers the beat offers (a WAV Lease when it has a WAV; none that need stems).
    const { tiers } = await api<BeatTiersResponse>(`/api/beats/${beat._id}/tiers`, free.token);
    const others = tiers.filter((t) => t.key !== 'lease').map((t) => t.name);
    expect(others).not.toContain('Trackout Lease');
    await expect.poll(() => cards.getByRole('heading', { level: 4 }).allInnerTexts()).toEqual(['VIP Catalog', 'MP3 lease', ...others]);
    expect(await dialog.getByText('$25.00', { exact: true }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

/** A new exclusive at $320 whose countdown ends in five days. */
const newExclusive = (title: string): Promise<Beat> =>
  made.create(
    {
      beatTitle: title,
      artistName: 'E2E Producer',
      category: 'Hip Hop',
      bpm: '94',
      releaseDate: new Date().toISOString().slice(0, 10),
      tags: 'e2e, sold',
      beatType: 'Exclusive',
      price: '320',
      countdownEndTime: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    },
    'sold.mp3',
  );

/** The text a person reads in the HTML the server sent (scripts and tags left out). */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe("a sold exclusive's address", () => {
  it('renders its page saying Sold (status 200, in the server’s HTML), with the downloads for its buyer and nothing failing', { timeout: 180_000 }, async () => {
    const title = `Sold Link ${Date.now().toString(36)}`;
    const beat = await newExclusive(title);
    const buyer = await createAccount('sold-buyer');

    // The buyer buys it from its page, as a shared link would have brought them there.
    const bought = await openAs(buyer);
    await bought.page.goto(`/beat/${beat.slug}`);
    await bought.page.getByRole('listitem', { name: 'Exclusive license' }).getByRole('button', { name: 'Buy', exact: true }).click();
    await payAtTestCheckout(bought.page);
    await bought.page.getByRole('list', { name: 'Your purchase' }).getByText(title).first().waitFor();
    await until('the beat sold', async () => (await api<BeatDetail>(`/api/beats/slug/${beat.slug}`)).sold);

    // The address answers 200 with the page itself, not the not-found page.
    const res = await fetch(`${baseURL()}/beat/${beat.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    const text = textOf(html.slice(html.indexOf('<div id="root">')));
    expect(text).toContain(title);
    expect(text).toContain('Sold');
    expect(text).toContain('This exclusive has been bought: it is no longer for sale.');
    expect(text).not.toContain('Get this beat');
    expect(text).not.toContain('$320.00');

    // A visitor: Sold, no player, nothing to buy, a way to the exclusives still for sale.
    const visitor = await openAs(null);
    await visitor.page.goto(`/beat/${beat.slug}`);
    expect(await visitor.page.title()).toBe(`${title} by E2E Producer · Sold · Beat Market`);
    const sold = visitor.page.getByRole('region', { name: 'Sold' });
    await sold.getByRole('link', { name: 'Browse exclusives' }).waitFor();
    expect(await visitor.page.getByRole('slider', { name: `Seek in ${title}` }).count()).toBe(0);
    expect(await visitor.page.getByRole('button', { name: 'Buy', exact: true }).count()).toBe(0);
    expect(await visitor.page.getByRole('link', { name: 'Buy', exact: true }).count()).toBe(0);
    await visitor.page.waitForLoadState('networkidle');
    expect(visitor.problems).toEqual([]);

    // Its buyer: the files, and where else they are.
    await bought.page.goto(`/beat/${beat.slug}`);
    const files = bought.page.getByRole('region', { name: 'Your downloads' });
    await files.getByRole('button', { name: 'Download Mp3' }).waitFor();
    expect(await files.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/user-dashboard');
    const [download] = await Promise.all([bought.page.waitForEvent('download'), files.getByRole('button', { name: 'Download Mp3' }).click()]);
    expect(download.suggestedFilename()).toBe(`${title}.mp3`);
    await bought.page.waitForLoadState('networkidle');
    expect(bought.problems).toEqual([]);

    // Its embeddable player is gone.
    expect((await fetch(`${baseURL()}/embed/beat/${beat.slug}`)).status).toBe(404);
    await visitor.page.context().close();
    await bought.page.context().close();
  });
});
