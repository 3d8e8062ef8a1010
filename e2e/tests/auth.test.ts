/** Sign-up, login with every demo account, validation, returnUrl, logout and visitor redirects, as a person does them. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { demo, DEMO_PASSWORD } from '../support/accounts.js';
import { mobile, newContext, watchErrors } from '../support/browser.js';
import { fileBrowser } from '../support/suite.js';
import { seeTexts } from '../support/steps.js';

const browser = fileBrowser();

async function openPage(viewport = undefined as undefined | typeof mobile): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser(), viewport);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('sign up', () => {
  it('creates a free account and lands on the returnUrl with the product’s toast', async () => {
    const { page, errors } = await openPage();
    await page.goto('/signup?returnUrl=%2Fvip');
    await page.getByRole('heading', { name: 'Create Free Account' }).waitFor();
    await page.getByLabel('Full Name').fill('Sam Signup');
    await page.getByLabel('Email').fill(`sam-${randomBytes(3).toString('hex')}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('a-good-password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Signed Up successfully').waitFor();
    await page.waitForURL('**/vip');
    await page.getByRole('link', { name: 'Your account' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the product’s validation messages and clears a field error on edit', async () => {
    const { page } = await openPage();
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Register' }).click();
    await seeTexts(page, 'Full Name is required', 'Email is required', 'Password is required');
    await page.getByLabel('Full Name').fill('S');
    await page.getByText('Full Name is required').waitFor({ state: 'detached' });
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    await seeTexts(page, 'Email address is invalid', 'Password must be at least 8 characters');
  });
});

describe('log in', () => {
  it.each(Object.values(demo).filter((e) => e !== demo.newhire))('logs in %s through the form', async (email) => {
    const { page, errors } = await openPage();
    await page.goto('/login');
    await logIn(page, email);
    await page.getByText('Signed in successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Your account' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('follows returnUrl, shows a wrong password as a toast, and toggles the password', async () => {
    const { page } = await openPage();
    await page.goto('/login?returnUrl=%2Fexclusives');
    await logIn(page, demo.free, 'wrong-password');
    await page.getByText('Invalid email or password').waitFor();
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await password.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/exclusives');
  });

  it('shows the login validation messages', async () => {
    const { page } = await openPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await seeTexts(page, 'Email is required', 'Password is required');
    await page.getByLabel('Email').fill('x@y');
    await page.getByLabel('Password', { exact: true }).fill('1234567');
    await page.getByRole('button', { name: 'Login' }).click();
    await seeTexts(page, 'Email address is invalid', 'Password must be at least 8 characters');
  });

  it('keeps the session for the browser session without Remember me — every tab shares it — and across restarts with it', async () => {
    const { page } = await openPage();
    await page.goto('/login');
    await logIn(page, demo.free);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'bm_session');
    expect(session?.expires).toBe(-1); // a browser-session cookie: gone when the browser closes
    // Set by the server, out of page script's reach.
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('bm_session');

    // A link opened in a new tab of the same browser stays logged in.
    const tab = await page.context().newPage();
    await tab.goto('/favourite');
    await tab.getByRole('link', { name: 'Your account' }).waitFor();
    expect(new URL(tab.url()).pathname).toBe('/favourite'); // a visitor would have been sent home
    // Another browser (no shared cookies) is not.
    const stranger = await openPage();
    await stranger.page.goto('/');
    await stranger.page.getByRole('link', { name: 'Signup/Login' }).waitFor();

    const second = await openPage();
    await second.page.goto('/login');
    await second.page.getByLabel('Remember me').check();
    await logIn(second.page, demo.free);
    await second.page.waitForURL((url) => url.pathname === '/');
    // Remembered: the cookie outlives the browser, for REMEMBER_TTL_DAYS (30 by default).
    const remembered = (await second.page.context().cookies()).find((c) => c.name === 'bm_session');
    expect(remembered?.httpOnly).toBe(true);
    expect(remembered!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(await second.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

describe('log out', () => {
  it('reports the session time, clears the session and goes home with the product’s toast', async () => {
    const { page } = await openPage();
    await page.goto('/login?returnUrl=%2Fvip');
    await logIn(page, demo.vip);
    await page.waitForURL('**/vip');
    const sessionTime = page.waitForRequest((r) => r.url().endsWith('/api/update-session-time') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Logout' }).click();
    const body = (await sessionTime).postDataJSON() as { userId: string; sessionDuration: number };
    expect(body.sessionDuration).toBeGreaterThanOrEqual(0);
    await page.getByText('Logged out Successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Signup/Login' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('email')])).toEqual([null, null]);
    expect((await page.context().cookies()).some((c) => c.name === 'bm_session')).toBe(false);
  });
});

describe('visitors', () => {
  it('are sent to log in from My Account, Favourite and protected pages, and see Signup/Login', async () => {
    const { page } = await openPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Signup/Login' }).click();
    await page.waitForURL('**/signup');
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Favourite' }).click();
    await page.waitForURL('**/login**');
    await page.goto('/favourite');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('returnUrl') === '/favourite');
  });

  it('reach the menu through the drawer on a phone', async () => {
    const { page } = await openPage(mobile);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'VIP Catalog' }).click();
    await page.waitForURL('**/vip');
  });
});
