/** Debian's Chromium driven by playwright-core, with the flags this machine needs. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { headlessChromeFlags } from '../../scripts/chrome-flags.mjs';

export const chromiumArgs = [...headlessChromeFlags, '--autoplay-policy=no-user-gesture-required'];

export const baseURL = () => inject('baseURL');

/**
 * Debian's Chromium. Every context it opens with JavaScript on uses a page once React has hydrated it, after a
 * `page.goto` that waits for the load event (hydrateOnGoto).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    headless: true,
  });
  const open = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await open(options);
    if (options?.javaScriptEnabled !== false) hydrateOnGoto(context);
    return context;
  };
  return browser;
}

export interface Viewport {
  width: number;
  height: number;
}
export const desktop: Viewport = { width: 1440, height: 900 };
export const mobile: Viewport = { width: 390, height: 844 };

/** The screens every axe audit runs on, each with its name for the test's title: a desktop's and a phone's. */
export const auditViewports = [
  ['desktop', desktop],
  ['phone', mobile],
] as const;

/**
 * A context for an axe audit: axe is injected as an inline script, which the store's Content-Security-Policy rightly
 * refuses, so only an audit's pages bypass it.
 */
export function auditContext(browser: Browser, viewport: Viewport = desktop): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseURL(), viewport, bypassCSP: true });
}

const cspViolations: string[] = [];

/** What the store's Content-Security-Policy blocked since the last call, in any page of a context from newContext. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

export async function newContext(browser: Browser, viewport: Viewport = desktop): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport });
  context.setDefaultTimeout(15_000);
  // The pages must run under their own CSP: a script, style or eval it blocks is a bug (support/csp-guard.ts fails the test).
  await context.exposeBinding('reportCspViolation', ({ page }, text: string) => void cspViolations.push(`${page.url()}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || 'an inline source'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return context;
}

/** A page opened until its load event is used once React has hydrated it, as the tests press buttons straight away. */
function hydrateOnGoto(context: BrowserContext): void {
  context.on('page', (page) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const waitUntil = options?.waitUntil ?? 'load';
      if ((waitUntil === 'load' || waitUntil === 'networkidle') && (await page.locator('#root').count()) > 0) await hydrated(page);
      return response;
    };
  });
}

/**
 * Waits until React has hydrated the server's HTML (its root carries React's container, its shell React's fiber):
 * before that a press on a button does nothing, as for a person on a slow phone.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root || !Object.keys(root).some((key) => key.startsWith('__reactContainer$'))) return false;
    const shell = root.firstElementChild;
    return shell !== null && Object.keys(shell).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** Resolves once the page's animations and transitions that end have ended: a fade checked half-way reads as faint text. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Fails the test on any uncaught page error. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
