/** What a test file sets up once for all its tests: its browser, and the pages it opens as a visitor or a signed-in user. */
import { afterAll, beforeAll } from 'vitest';
import type { AuthResponse, Beat } from '@beat/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createAccount, signIn } from './accounts.js';
import { api } from './api.js';
import { auditContext, launchBrowser, newContext, watchErrors, type Viewport } from './browser.js';

/** The file's browser, launched before its first test and closed after its last. */
export function fileBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** A page in a fresh context, signed in as `session` (a visitor's without it), with the errors it logs. */
export async function openPage(browser: Browser, session?: AuthResponse, viewport?: Viewport): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const errors = watchErrors(page);
  if (session) await signIn(page, session);
  return { page, errors };
}

/** A new account (its e-mail starting with `prefix`) with `beat` in its cart, signed in on a page axe can audit. */
export async function auditPageWithCart(
  browser: Browser,
  prefix: string,
  beat: Beat,
  viewport?: Viewport,
): Promise<{ context: BrowserContext; page: Page }> {
  const account = await createAccount(prefix);
  await api('/api/cart', account.token, { method: 'POST', body: { userId: account.user._id, beatId: beat._id } });
  const context = await auditContext(browser, viewport);
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}
