/** The store a visitor meets: search, the exclusives carousel, the VIP list, the player, favourites, visitor redirects, accessibility. */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Beat, BeatPage } from '@beat/shared';
import { apiLogin, createAccount, demo, signIn } from '../support/accounts.js';
import { auditContext, auditViewports, baseURL, mobile, newContext, watchErrors } from '../support/browser.js';
import { axeFindings } from '../support/axe.js';
import { fileBrowser } from '../support/suite.js';

const browser = fileBrowser();

// Each test's pages close with it: a page left playing would go on streaming audio through the tests after it.
const opened: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function openPage(viewport?: typeof mobile): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser(), viewport);
  opened.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`);
  return (await res.json()) as T;
}

/** Rows per page of the VIP CATALOG list (docs/product/screens-and-words.md#catalog-page). */
const VIP_PAGE = 24;
const vipList = (page: Page) => page.getByRole('list', { name: /VIP CATALOG/i });
/** The list's own rows (each row holds a list of tags too). */
const vipRows = (page: Page) => vipList(page).locator(':scope > li');

describe('catalog', () => {
  it('shows the exclusives with ticking countdowns, the VIP list and the banner', async () => {
    const { page, errors } = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'NEW EXCLUSIVES' }).waitFor();
    await page.getByRole('heading', { name: 'VIP CATALOG' }).waitFor();
    await page.getByText('Get FULL access to the 300+ beats VIP catalog for $29').waitFor();
    // Each unit reads as its value and its word, in the page's text.
    const countdown = page.getByRole('list', { name: 'Offer ends in' }).first();
    await countdown.waitFor();
    const units = await countdown.getByRole('listitem').allTextContents();
    expect(units).toEqual([
      expect.stringMatching(/^\d{2} Days$/),
      expect.stringMatching(/^\d{2} Hours$/),
      expect.stringMatching(/^\d{2} Min$/),
      expect.stringMatching(/^\d{2} Sec$/),
    ]);
    const firstCard = page.getByRole('region', { name: 'Exclusive beats' });
    const before = await firstCard.innerText();
    await expect.poll(() => firstCard.innerText(), { timeout: 3_000 }).not.toEqual(before); // the seconds tick
    const rows = vipRows(page);
    await expect.poll(() => rows.count()).toBe(VIP_PAGE);
    await page.getByText(`${VIP_PAGE} beats shown`).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBe(2 * VIP_PAGE);
    // The keyboard goes on at the first new row, and the list says how many it shows.
    await expect.poll(() => rows.nth(VIP_PAGE).evaluate((row) => row.contains(document.activeElement))).toBe(true);
    await page.getByText(`${2 * VIP_PAGE} beats shown`).waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
  });

  it('toggles the carousel to a grid of all exclusives and back', async () => {
    const { page } = await openPage();
    const { beats } = await api<BeatPage>('/api/beats?type=Exclusive&limit=100');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('type=Exclusive')) asked.push(new URL(request.url()).searchParams.get('limit') ?? '');
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Show All Exclusives' }).click();
    await page.getByRole('button', { name: 'Show Less' }).waitFor();
    // `/` comes with its first 12 exclusives, whatever the store's size; the grid's "Load more" fetches the rest, 12 at a time.
    const more = page.getByRole('region', { name: 'NEW EXCLUSIVES' }).getByRole('button', { name: 'Load more' });
    while (await more.isVisible()) {
      const shown = asked.length;
      await more.click();
      await expect.poll(() => asked.length).toBeGreaterThan(shown);
      await page.waitForLoadState('networkidle');
    }
    for (const beat of beats) await page.getByText(beat.beatTitle, { exact: true }).first().waitFor();
    expect(asked.every((limit) => limit === '12')).toBe(true);
    await page.getByRole('button', { name: 'Show Less' }).click();
    await page.getByRole('button', { name: 'Show All Exclusives' }).waitFor();
    await page.getByRole('region', { name: 'Exclusive beats' }).waitFor();
  });

  it('searches titles and tags, case-insensitively', async () => {
    const { page } = await openPage();
    await page.goto('/');
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=1');
    const target = beats[0]!;
    await page.getByRole('searchbox', { name: 'Search for beats or tags' }).fill(target.beatTitle.toUpperCase());
    const sameTitle = (await api<BeatPage>(`/api/beats?type=Non-Exclusive&limit=${VIP_PAGE}&q=${encodeURIComponent(target.beatTitle)}`)).beats;
    await expect.poll(() => vipRows(page).count()).toBe(sameTitle.length);
    await vipList(page).getByText(target.beatTitle, { exact: true }).waitFor();
    for (const row of await vipRows(page).all()) expect((await row.innerText()).toLowerCase()).toContain(target.beatTitle.toLowerCase());

    await page.getByRole('searchbox', { name: 'Search for beats or tags' }).fill('phonk');
    const expected = (await api<BeatPage>(`/api/beats?type=Non-Exclusive&limit=${VIP_PAGE}&q=phonk`)).beats;
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => vipRows(page).count()).toBe(expected.length);
    for (const row of await vipRows(page).all()) expect((await row.innerText()).toLowerCase()).toContain('phonk');
  });

  it('finds beats by their artist’s name and by genre, as typed (any case, a space for the hyphen)', async () => {
    const { page } = await openPage();
    await page.goto('/');
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=1');
    const artist = beats[0]!.artistName!;
    const search = page.getByRole('searchbox', { name: 'Search for beats or tags' });
    await search.fill(artist.toLowerCase());
    const byArtist = (await api<BeatPage>(`/api/beats?type=Non-Exclusive&limit=${VIP_PAGE}&q=${encodeURIComponent(artist)}`)).beats;
    expect(byArtist.length).toBeGreaterThan(0);
    await expect.poll(() => vipRows(page).count()).toBe(byArtist.length);
    for (const row of await vipRows(page).all()) expect((await row.innerText()).toLowerCase()).toContain(artist.toLowerCase());

    await search.fill('hip hop');
    const byGenre = (await api<BeatPage>(`/api/beats?type=Non-Exclusive&limit=${VIP_PAGE}&q=hip%20hop`)).beats;
    expect(byGenre.length).toBeGreaterThan(0);
    expect(byGenre.every((b) => /hip.?hop/i.test(`${b.category} ${b.beatTitle} ${b.artistName} ${b.tags.join(' ')}`))).toBe(true);
    await expect.poll(() => vipRows(page).count()).toBe(byGenre.length);
    await vipList(page).getByText(byGenre[0]!.beatTitle, { exact: true }).waitFor();
  });

  it('plays a beat with real audio, advances with Next, wraps back with Previous, and offers shuffle', async () => {
    const { page, errors } = await openPage();
    await page.goto('/');
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=2');
    const [first, second] = beats as [Beat, Beat];
    await page.getByRole('button', { name: `Play ${first.beatTitle}` }).first().click();
    const player = page.getByRole('region', { name: 'Player' });
    await player.getByText(first.beatTitle).waitFor();
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await page.getByRole('button', { name: `Pause ${first.beatTitle}` }).first().waitFor();

    await player.getByRole('button', { name: 'Next track' }).click();
    await player.getByText(second.beatTitle).waitFor();
    await player.getByRole('button', { name: 'Previous track' }).click();
    await player.getByText(first.beatTitle).waitFor();

    const shuffle = player.getByRole('button', { name: 'Shuffle' });
    expect(await shuffle.getAttribute('aria-pressed')).toBe('false');
    await shuffle.click();
    expect(await shuffle.getAttribute('aria-pressed')).toBe('true');
    await player.getByRole('button', { name: 'Next track' }).click();
    await expect.poll(async () => (await player.innerText()).includes(first.beatTitle)).toBe(false);

    // Keyboard: pause with the focused play button.
    await player.getByRole('button', { name: 'Pause' }).focus();
    await page.keyboard.press('Enter');
    await player.getByRole('button', { name: 'Play' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('advances to the next track by itself when one ends', async () => {
    const { page } = await openPage();
    await page.goto('/');
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=2');
    await page.getByRole('button', { name: `Play ${beats[0]!.beatTitle}` }).first().click();
    const player = page.getByRole('region', { name: 'Player' });
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.duration ?? NaN), { timeout: 15_000 }).toBeGreaterThan(5);
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      audio.currentTime = audio.duration - 0.5;
    });
    await player.getByText(beats[1]!.beatTitle).waitFor({ timeout: 15_000 });
  });
});

describe('favourites', () => {
  it('favourites and unfavourites a beat, with the product’s toasts, and lists it on /favourite', async () => {
    const account = await createAccount('fav');
    const { page, errors } = await openPage();
    await signIn(page, account);
    await page.goto('/');
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=1');
    const title = beats[0]!.beatTitle;
    await page.getByRole('button', { name: `Add ${title} to favourites` }).first().click();
    await page.getByText(`${title} added to favorites`).waitFor();
    await page.getByRole('button', { name: `Remove ${title} from favourites` }).first().waitFor();

    await page.goto('/favourite');
    await page.getByRole('button', { name: `Play ${title}` }).waitFor();
    await page.getByRole('button', { name: `Remove ${title} from favourites` }).click();
    await page.getByText(`${title} removed from favorites`).waitFor();
    await page.getByRole('button', { name: `Play ${title}` }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('shows no heart on exclusives', async () => {
    const { page } = await openPage();
    await page.goto('/');
    const { beats } = await api<BeatPage>('/api/beats?type=Exclusive&limit=1');
    await page.getByRole('button', { name: `Play ${beats[0]!.beatTitle}` }).first().waitFor();
    expect(await page.getByRole('button', { name: `Add ${beats[0]!.beatTitle} to favourites` }).count()).toBe(0);
  });
});

describe('visitors', () => {
  it('go to log in or sign up from buy, favourite and download, and fill a browser cart', async () => {
    const { page } = await openPage();
    const { beats } = await api<BeatPage>('/api/beats?type=Non-Exclusive&limit=1');
    const title = beats[0]!.beatTitle;

    await page.goto('/');
    await page.getByRole('button', { name: `Add ${title} to favourites` }).first().click();
    await page.waitForURL((u) => u.pathname === '/login');

    await page.goto('/');
    await page.getByRole('link', { name: 'GET ACCESS' }).click();
    await page.waitForURL((u) => u.pathname === '/signup');

    await page.goto('/vip');
    await page.getByRole('heading', { name: 'VIP CATALOG' }).first().waitFor();
    await page.getByRole('button', { name: /^Download / }).first().click();
    await page.waitForURL((u) => u.pathname === '/signup' && u.searchParams.get('returnUrl') === '/vip');

    // docs/product/offers-and-prices.md#cart: a visitor's Add to Cart fills a cart kept in the browser (merged at login), with no call and no redirect.
    await page.goto('/');
    await page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await page.getByText(/ Added to Cart$/).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/');
    await page.getByRole('button', { name: 'Buy' }).first().click();
    await page.waitForURL((u) => u.pathname === '/login');
  });

  it('see the coming-soon pages', async () => {
    const { page } = await openPage();
    for (const path of ['/mixing-&-mastering', '/artworks', '/about', '/marketing', '/branding']) {
      await page.goto(path);
      await page.getByText('Coming Soon').first().waitFor();
    }
  });
});

describe('VIP members', () => {
  it('see no upsell banner', async () => {
    const { page } = await openPage();
    await signIn(page, await apiLogin(demo.vip));
    await page.goto('/');
    await page.getByRole('heading', { name: 'VIP CATALOG' }).waitFor();
    await vipRows(page).first().waitFor();
    expect(await page.getByText('Get FULL access to the 300+ beats VIP catalog for $29').count()).toBe(0);
  });
});

describe('accessibility', () => {
  it.each(auditViewports)('the catalog page has no serious or critical axe findings (%s)', async (_name, viewport) => {
    const context = await auditContext(browser(), viewport);
    opened.push(context);
    const page = await context.newPage();
    await page.goto('/');
    await vipRows(page).first().waitFor();
    const violations = await axeFindings(page);
    expect(violations).toEqual([]);
  });
});

describe('the keyboard', () => {
  /** What has the focus, for a failure message. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement;
      return element ? `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}` : 'nothing';
    });
  const inCarousel = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('[aria-roledescription="carousel"]')));
  const inFirstRow = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('ol[aria-label^="VIP CATALOG"] > li:first-child')));
  /** Focus at the start of the page, where a keyboard user begins: the next Tab goes to the page's first control. */
  const focusPageStart = (page: Page) =>
    page.evaluate(() => {
      const root = document.getElementById('root')!;
      root.tabIndex = -1;
      root.focus();
      root.removeAttribute('tabindex');
    });

  it('reaches the first catalog row past the exclusives carousel, which is one Tab stop walked with the arrow keys', async () => {
    const { page, errors } = await openPage();
    await page.goto('/');
    await vipRows(page).first().waitFor();
    await focusPageStart(page);
    const stops: string[] = [];
    let carouselStops = 0;
    while (!(await inFirstRow(page))) {
      expect(stops.length, `Tab stops so far: ${stops.join(' | ')}`).toBeLessThan(60);
      await page.keyboard.press('Tab');
      stops.push(await focused(page));
      if (await inCarousel(page)) carouselStops += 1;
    }
    // The carousel's cards and their 40-odd buttons were each a stop before; now the whole carousel is one.
    expect(carouselStops, stops.join(' | ')).toBe(1);
    expect(stops.length, stops.join(' | ')).toBeLessThanOrEqual(40);
    expect(stops[0]).toBe('a Skip to content');

    // Back into the carousel: its current card, then Right, End and Home walk the cards, each scrolled into view.
    await page.keyboard.press('Shift+Tab');
    while (!(await inCarousel(page))) await page.keyboard.press('Shift+Tab');
    const cards = page.getByRole('region', { name: 'Exclusive beats' }).getByRole('article');
    const count = await cards.count();
    expect(count).toBeGreaterThan(4);
    const focusedCard = () => page.evaluate(() => Array.from(document.querySelectorAll('[aria-roledescription="carousel"] article')).indexOf(document.activeElement!));
    expect(await focusedCard()).toBe(0);
    await page.keyboard.press('ArrowRight');
    expect(await focusedCard()).toBe(1);
    await page.keyboard.press('End');
    expect(await focusedCard()).toBe(count - 1);
    await expect.poll(() => cards.last().evaluate((card) => {
      const list = card.closest('ul')!.getBoundingClientRect();
      const box = card.getBoundingClientRect();
      return box.left >= list.left - 1 && box.right <= list.right + 1;
    })).toBe(true);
    // Down reaches the card's own buttons; Tab then leaves the carousel.
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatch(/^button (Play|Pause) /);
    await page.keyboard.press('Home');
    expect(await focusedCard()).toBe(0);
    await page.keyboard.press('Tab');
    expect(await inCarousel(page)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('reaches the player by a skip link, once a beat plays', async () => {
    const { page, errors } = await openPage();
    await page.goto('/');
    await vipRows(page).first().waitFor();
    expect(await page.getByRole('link', { name: 'Skip to player' }).count()).toBe(0);
    await vipRows(page).first().getByRole('button', { name: /^Play / }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await player.waitFor();

    await focusPageStart(page);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a Skip to content');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a Skip to player');
    // Shown while it has the focus (it slides in).
    const skipLink = page.getByRole('link', { name: 'Skip to player' });
    await expect.poll(async () => {
      const box = await skipLink.boundingBox();
      return box !== null && box.y >= 0 && box.y < 900;
    }).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => player.evaluate((region) => region === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await player.evaluate((region) => region.contains(document.activeElement) && region !== document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });
});
