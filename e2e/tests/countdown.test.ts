/**
 * Countdowns that cannot lie, and reservations that end with the checkout (docs/product/offers-and-prices.md#countdown,
 * docs/product/offers-and-prices.md#reservations): an exclusive whose countdown ends while the page is open leaves NEW
 * EXCLUSIVES and joins the VIP list at its lease price within 5 seconds, with Buy and Add to Cart impossible at every
 * moment after the end; and a cancelled checkout frees its exclusive for the next buyer at once. Each test makes its own
 * exclusive through the admin API and takes it out of the store afterwards.
 */
import { describe, expect, it } from 'vitest';
import type { AuthResponse, Beat, BeatPage, StoreConfig } from '@beat/shared';
import { createAccount, signIn } from '../support/accounts.js';
import { baseURL, hydrated } from '../support/browser.js';
import { api } from '../support/api.js';
import { axeFindings } from '../support/axe.js';
import { fileBeatMaker } from '../support/made-beats.js';
import { fileBrowser, openPage as openPageIn } from '../support/suite.js';

const browser = fileBrowser();
const made = fileBeatMaker();


const exclusiveFields = (title: string, end: Date, price = 350) => ({
  beatTitle: title,
  artistName: 'E2E Producer',
  category: 'Hip Hop',
  bpm: '92',
  releaseDate: new Date().toISOString().slice(0, 10),
  tags: 'e2e, countdown',
  beatType: 'Exclusive' as const,
  price: String(price),
  countdownEndTime: end.toISOString(),
});

/** A new exclusive whose countdown ends in an hour. */
const newExclusive = (title: string): Promise<Beat> => made.create(exclusiveFields(title, new Date(Date.now() + 3_600_000)), 'countdown.mp3');

/** The admin moves the exclusive's countdown end (the edit form's PUT, without new files). */
async function setCountdownEnd(beat: Beat, end: Date): Promise<void> {
  await made.update(beat, exclusiveFields(beat.beatTitle, end, beat.price!));
}

const openPage = (session?: AuthResponse) => openPageIn(browser(), session);

const formatUsd = (dollars: number) => `$${dollars.toFixed(2)}`;


describe('countdowns that cannot lie', () => {
  it('an exclusive that ends with the page open: Buy is impossible from the end on, and within 5 s it is a VIP beat at its lease price', { timeout: 180_000 }, async () => {
    const title = `Last Call ${Date.now().toString(36)}`;
    const beat = await newExclusive(title);
    const { leasePrice } = await api<StoreConfig>('/api/config');
    const buyer = await createAccount('countdown');
    const { page, errors } = await openPage(buyer);
    // Only this beat in both lists: the search looks in NEW EXCLUSIVES and the VIP CATALOG alike.
    await page.goto(`/?q=${encodeURIComponent(title)}`);
    await hydrated(page);
    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    await card.getByRole('button', { name: 'Buy' }).and(page.locator(':enabled')).waitFor();

    // The countdown now ends about 8 s from here; the open page learns of the edit by itself (no reload).
    const end = new Date(Date.now() + 8_000);
    await setCountdownEnd(beat, end);
    await expect
      .poll(() => card.locator('.countdown__unit').allTextContents(), { timeout: 5_000 })
      .toEqual(['00 Days', '00 Hours', '00 Min', expect.stringMatching(/^0[1-8] Sec$/)]);

    // In the page, every ~100 ms from before the end until the card is gone: the clock may read all zeros only once
    // the end has passed, and from the end on neither Buy nor Add to Cart may be usable.
    await page.evaluate(
      ({ endMs, title }) => {
        const seen = { usableAfterEnd: [] as string[], zerosEarly: [] as number[], goneAt: 0, samples: 0 };
        (window as unknown as { countdownWatch: typeof seen }).countdownWatch = seen;
        const timer = window.setInterval(() => {
          const now = Date.now();
          const card = Array.from(document.querySelectorAll('article')).find((a) => a.querySelector('h2, h3')?.textContent?.trim() === title);
          if (!card) {
            seen.goneAt = now;
            window.clearInterval(timer);
            return;
          }
          seen.samples++;
          // Each unit reads as its value and its word ("00 Sec").
          const values = Array.from(card.querySelectorAll('.countdown__unit')).map((v) => v.textContent);
          if (values.length === 4 && values.every((v) => v?.startsWith('00 ')) && now < endMs) seen.zerosEarly.push(endMs - now);
          if (now >= endMs) {
            for (const button of Array.from(card.querySelectorAll('button'))) {
              const name = button.textContent?.trim() ?? '';
              if (/Buy|Cart/.test(name) && !button.disabled) seen.usableAfterEnd.push(`${name} at +${now - endMs} ms`);
            }
          }
        }, 100);
      },
      { endMs: end.getTime(), title },
    );

    // Gone from NEW EXCLUSIVES within 5 s of the end…
    await card.waitFor({ state: 'detached', timeout: end.getTime() + 5_000 - Date.now() });
    const watch = await page.evaluate(() => (window as unknown as { countdownWatch: { usableAfterEnd: string[]; zerosEarly: number[]; goneAt: number; samples: number } }).countdownWatch);
    expect(watch.goneAt - end.getTime()).toBeLessThanOrEqual(5_000);
    expect(watch.samples).toBeGreaterThan(40);
    expect(watch.usableAfterEnd).toEqual([]);
    expect(watch.zerosEarly).toEqual([]);

    // …and in the VIP list, at the lease price, by then.
    const vip = page.getByRole('list', { name: /VIP CATALOG/i });
    const row = vip.locator(':scope > li').filter({ hasText: title });
    await row.waitFor({ timeout: Math.max(1, end.getTime() + 5_000 - Date.now()) });
    await row.getByText(formatUsd(leasePrice), { exact: true }).waitFor({ timeout: Math.max(1, end.getTime() + 5_000 - Date.now()) });
    expect(Date.now() - end.getTime()).toBeLessThanOrEqual(5_500);

    const now = (await api<BeatPage>(`/api/beats?q=${encodeURIComponent(title)}&limit=5`)).beats.find((b) => b._id === beat._id);
    expect(now).toMatchObject({ beatType: 'Non-Exclusive', price: leasePrice });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a cart holding an ended exclusive', () => {
  it('says so on the cart line within seconds, without a reload, and Pay Now is refused naming the beat', { timeout: 180_000 }, async () => {
    const title = `Cart Clock ${Date.now().toString(36)}`;
    const beat = await newExclusive(title);
    const buyer = await createAccount('cart-ended');
    await api('/api/cart', buyer.token, { method: 'POST', body: { userId: buyer.user._id, beatId: beat._id } });
    const { page, errors } = await openPage(buyer);
    await page.goto('/cart');
    const line = page.getByRole('list', { name: 'Beats' }).getByRole('listitem').filter({ hasText: title });
    await line.getByText('EXCLUSIVE', { exact: true }).waitFor();

    const end = new Date(Date.now() + 3_000);
    await setCountdownEnd(beat, end);
    const { leasePrice } = await api<StoreConfig>('/api/config');
    const message = `The exclusive offer of ${title} has ended: it is now in the VIP catalog at ${formatUsd(leasePrice)}. Remove it from your cart to pay for the rest.`;
    await line.getByText(message).waitFor({ timeout: end.getTime() + 5_000 - Date.now() });

    await page.getByLabel('Select all beats').check();
    await page.getByRole('button', { name: 'Pay Now' }).first().click();
    // The refusal's toast says the same as the line (so the text is on the page twice).
    await expect.poll(() => page.getByText(message).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(new URL(page.url()).pathname).toBe('/cart');

    expect(errors).toEqual([]);
    await page.context().close();

    // The cart with the line's message has no serious or critical axe findings (axe runs as an injected script:
    // a context of its own that may run it).
    const axeContext = await browser().newContext({ baseURL: baseURL(), viewport: { width: 390, height: 844 }, bypassCSP: true });
    const axePage = await axeContext.newPage();
    await signIn(axePage, buyer);
    await axePage.goto('/cart');
    await axePage.getByText(message).waitFor();
    expect(await axeFindings(axePage)).toEqual([]);
    await axeContext.close();
  });
});

describe('reservations end with the checkout', () => {
  it('cancelling the test checkout of an exclusive lets another buyer buy it at once', { timeout: 180_000 }, async () => {
    const title = `Second Chance ${Date.now().toString(36)}`;
    await newExclusive(title);
    const first = await createAccount('cancel-first');
    const second = await createAccount('cancel-second');

    const a = await openPage(first);
    await a.page.goto(`/?q=${encodeURIComponent(title)}`);
    await hydrated(a.page);
    await a.page.getByRole('article', { name: title }).getByRole('button', { name: 'Buy' }).click();
    await a.page.waitForURL((u) => u.pathname.startsWith('/test-checkout/'), { timeout: 15_000 });
    await a.page.getByText(title).first().waitFor();

    // While the first buyer's checkout is open, the second is told the beat is being bought.
    const b = await openPage(second);
    await b.page.goto(`/?q=${encodeURIComponent(title)}`);
    await hydrated(b.page);
    const buy = b.page.getByRole('article', { name: title }).getByRole('button', { name: 'Buy' });
    await buy.click();
    await b.page.getByText(`${title} is being bought by another customer right now.`, { exact: false }).waitFor();
    expect(new URL(b.page.url()).pathname).toBe('/');

    // The first buyer cancels: back in the cart, and the beat is free at once.
    await a.page.getByRole('link', { name: /Cancel/ }).first().click();
    await a.page.waitForURL((u) => u.pathname === '/cart');

    await b.page.keyboard.press('Escape');
    await buy.and(b.page.locator(':enabled')).click();
    await b.page.waitForURL((u) => u.pathname.startsWith('/test-checkout/'), { timeout: 15_000 });
    await b.page.getByText(title).first().waitFor();
    await b.page.getByText(formatUsd(350)).first().waitFor();

    expect(a.errors).toEqual([]);
    // The second buyer's first try was refused with 409 on purpose (the console reports the failed request).
    expect(b.errors.filter((e) => !/409/.test(e))).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  });
});
