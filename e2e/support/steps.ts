/** Steps many browser tests take: waiting for the store to catch up, seeing its words, and paying at the built-in test checkout. */
import { vi } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Asks `check` every half second until it answers something, for at most `timeoutMs`. */
export function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 90_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 500 },
  );
}

/** Waits, one after the other, until each of `texts` shows in `scope` (a page, or a part of it such as a form). */
export async function seeTexts(scope: Page | Locator, ...texts: string[]): Promise<void> {
  for (const text of texts) await scope.getByText(text).waitFor();
}

/** Fills the test checkout's card form (by default with the card that pays) and pays. */
export async function payAtTestCheckout(page: Page, { card = '4242 4242 4242 4242', cardholder = 'Eve Tester' } = {}): Promise<void> {
  await page.waitForURL((u) => u.pathname.startsWith('/test-checkout/'));
  await page.getByRole('link', { name: /Cancel/ }).first().waitFor();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Cardholder name').fill(cardholder);
  await page.getByRole('button', { name: /^Pay / }).click();
}
