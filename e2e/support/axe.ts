/** axe-core's serious and critical findings on a page as it is (the whole page, or the part a selector names). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import type { AuthResponse } from '@beat/shared';
import { signIn } from './accounts.js';
import { baseURL } from './browser.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axeFindings(page: Page, scope?: string): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (context?: string) => Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> } }).axe;
    const result = await (selector ? axe.run(selector) : axe.run());
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
  }, scope);
}

/**
 * The findings on a page opened in a context of its own: axe is injected as a script, which the store's CSP rightly
 * forbids, so this context alone bypasses it. `ready` waits for what is to be checked; `session` signs in first.
 */
export async function axeFindingsAt(
  browser: Browser,
  path: string,
  ready: (page: Page) => Promise<void>,
  options: { viewport?: { width: number; height: number }; session?: AuthResponse } = {},
): Promise<string[]> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: options.viewport ?? { width: 1440, height: 900 }, bypassCSP: true });
  try {
    const page = await context.newPage();
    if (options.session) await signIn(page, options.session);
    await page.goto(path);
    await ready(page);
    return await axeFindings(page);
  } finally {
    await context.close();
  }
}
