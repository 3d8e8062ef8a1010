/** Accounts for browser tests: the README's demo accounts, and fresh ones each test makes for itself. */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { AuthResponse } from '@beat/shared';
import { baseURL } from './browser.js';

export const DEMO_PASSWORD = 'demo-password';
export const demo = {
  admin: 'admin@demo.test',
  vip: 'vip@demo.test',
  invited: 'invited@demo.test',
  free: 'free@demo.test',
  newhire: 'newhire@demo.test',
} as const;

export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<AuthResponse> {
  const res = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as AuthResponse;
}

export async function createAccount(prefix = 'e2e'): Promise<AuthResponse & { password: string }> {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'e2e-password-123';
  const res = await fetch(`${baseURL()}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: 'Eve Tester', email, password, userType: 'freeUser' }),
  });
  if (!res.ok) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return { ...((await res.json()) as AuthResponse), password };
}

/**
 * Signs a page in without going through the login form (the form itself has its own tests): the browser gets the
 * session's httpOnly cookie, as the login call would have set it (a browser-session cookie, no Remember me).
 */
export async function signIn(page: Page, session: AuthResponse): Promise<void> {
  await page.context().addCookies([
    { name: 'bm_session', value: session.token, url: baseURL(), httpOnly: true, sameSite: 'Lax' },
  ]);
}
