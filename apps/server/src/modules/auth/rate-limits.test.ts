/** Login and sign-up limits at their documented defaults (docs/product/limits.md#logins). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { codeIn, waitForMail } from '../accounts/accounts-test-support.js';
import { createTestApp, createUser, expectMessage, type TestApp } from '../../test/helper.js';
import { frozenClock } from '../../test/frozen-clock.js';

const clock = frozenClock(new Date('2026-03-01T10:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock }); // RATE_LIMIT_SCALE=1: the documented defaults
});
afterAll(async () => {
  await t.close();
});

let addresses = 0;
/** A fresh address for each call: an attacker with many addresses, or per-address limits kept out of the way. */
const nextAddress = () => {
  addresses += 1;
  return `10.50.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

interface LoginOptions {
  address?: string;
  /** The browser's known-device cookie (`bm_device=…`), when it has one. */
  cookie?: string;
  headers?: Record<string, string>;
}

const login = (email: string, password: string, options: LoginOptions = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: options.address ?? nextAddress(),
    headers: { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: { email, password },
  });

/** The `name=value` a browser keeps from the response's Set-Cookie. */
function deviceCookie(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  expect(value, 'no Set-Cookie').toBeDefined();
  return value!.split(';')[0]!;
}

const accountMessage = (wait: string) =>
  `Too many failed logins for this account. Please try again in ${wait}. Forgot your password? Resetting it also lets this browser log in at once.`;

describe('the client address', () => {
  it('counts logins per connection address: a spoofed X-Forwarded-For does not get round the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await login(`spoof${i}@example.test`, 'wrong-password', {
        address: '10.60.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.statusCode);
      if (i === 30) expect(res.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
  });

  it('limits sign-ups per address, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        remoteAddress: '10.9.8.7',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { fullName: 'Many', email: `many${i}@example.test`, password: 'longenough' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('failed logins slow further tries down', () => {
  it('allows 5 tries back to back, then waits that double, answered 429 with Retry-After and a readable message', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);
    for (const wait of [1, 2, 4, 8]) {
      const early = await login(user.email, 'wrong-password');
      expectMessage(early, 429, accountMessage(wait === 1 ? '1 second' : `${wait} seconds`));
      expect(early.headers['retry-after']).toBe(String(wait));
      clock.advance(wait * 1000 - 1);
      expect((await login(user.email, 'test-password')).statusCode).toBe(429); // not even the right password, not yet
      clock.advance(1);
      expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);
    }
    // After the wait the right password works, and the failures are forgotten.
    clock.advance(16_000);
    expect((await login(user.email, 'test-password')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);
  });

  it('waits at most 15 minutes, and forgets failures a day after the last one', async () => {
    const user = await createUser(t);
    let failures = 0;
    let longest = 0;
    while (failures < 16) {
      const res = await login(user.email, 'wrong-password');
      if (res.statusCode === 401) {
        failures += 1;
        continue;
      }
      expect(res.statusCode).toBe(429);
      const wait = Number(res.headers['retry-after']);
      longest = Math.max(longest, wait);
      clock.advance(wait * 1000);
    }
    expect(longest).toBe(15 * 60);
    clock.advance(24 * 3600_000);
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);
  });

  it('bounds guessing on one account from any number of addresses: under 20 passwords checked in the first hour, 4 an hour after', async () => {
    const user = await createUser(t);
    const start = clock.now().getTime();
    let checkedFirstHour = 0;
    let checkedLater = 0;
    // The attacker waits out every Retry-After exactly, each try from a new address.
    while (clock.now().getTime() < start + 3 * 3600_000) {
      const res = await login(user.email, `guess-${addresses}`);
      if (res.statusCode === 401) {
        if (clock.now().getTime() < start + 3600_000) checkedFirstHour += 1;
        else checkedLater += 1;
      } else {
        expect(res.statusCode).toBe(429);
        clock.advance(Number(res.headers['retry-after']) * 1000);
      }
    }
    // 5 back to back, then after 1 s, 2 s … 512 s (17 minutes in all), then one every 15 minutes.
    expect(checkedFirstHour).toBeGreaterThanOrEqual(15);
    expect(checkedFirstHour).toBeLessThan(20);
    expect(checkedLater).toBeLessThanOrEqual(9);
  });

  it('checks only the free tries of a burst of parallel guesses', async () => {
    const user = await createUser(t);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login(user.email, `parallel-${i}`)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('answers an unknown e-mail exactly like an account, delays included', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 7; i++) {
      const known = await login(user.email, 'wrong-password');
      const unknown = await login('nobody-slowed@example.test', 'wrong-password');
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
    }
  });
});

describe('the owner is never locked out', () => {
  it('logs in from a browser the account has used while someone keeps failing on it from other addresses', async () => {
    const owner = await createUser(t);
    const home = nextAddress();
    const first = await login(owner.email, 'test-password', { address: home });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first);

    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 20; i++) await login(owner.email, 'wrong-password');
      const attacker = await login(owner.email, 'wrong-password');
      expect(attacker.statusCode).toBe(429);
      // The owner's browser gets in at once, with the right password, from home or anywhere else.
      const res = await login(owner.email, 'test-password', { address: round === 0 ? home : undefined, cookie });
      expect(res.statusCode).toBe(200);
      // …and the account's delay keeps running for everyone else.
      expect((await login(owner.email, 'test-password')).statusCode).toBe(429);
    }
  });

  it('keeps a delay per known browser, for its own account only; a forged or foreign cookie counts for nothing', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const ownerCookie = deviceCookie(await login(owner.email, 'test-password'));
    const otherCookie = deviceCookie(await login(other.email, 'test-password'));

    // The owner mistypes on their own browser: only that browser waits.
    for (let i = 0; i < 5; i++) expect((await login(owner.email, 'wrong-password', { cookie: ownerCookie })).statusCode).toBe(401);
    const slowed = await login(owner.email, 'test-password', { cookie: ownerCookie });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/^Too many failed logins from this browser\. Please try again in 1 second\./);
    expect((await login(owner.email, 'test-password')).statusCode).toBe(200);

    // Someone else's cookie, or a made-up one, is a browser the account has not used.
    for (let i = 0; i < 5; i++) expect((await login(owner.email, 'wrong-password')).statusCode).toBe(401);
    const forged = `bm_device=${Buffer.alloc(61, 7).toString('base64url')}`;
    for (const cookie of [otherCookie, forged, 'bm_device=garbage']) {
      expect((await login(owner.email, 'test-password', { cookie })).statusCode).toBe(429);
    }
    clock.advance(1000);
    expect((await login(owner.email, 'test-password', { cookie: ownerCookie })).statusCode).toBe(200);
  });

  it('marks the browser with an http-only cookie, sent back to the login calls only, at login and sign-up', async () => {
    const owner = await createUser(t);
    const res = await login(owner.email, 'test-password');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      remoteAddress: nextAddress(),
      payload: { fullName: 'Cookie Jar', email: 'cookie-jar@example.test', password: 'longenough' },
    });
    expect(signup.statusCode).toBe(201);
    for (const answer of [res, signup]) {
      const device = [answer.headers['set-cookie'] ?? []].flat().filter((c) => c.startsWith('bm_device='));
      expect(device).toHaveLength(2);
      expect(device[0]).toMatch(/^bm_device=[\w-]{82}; Path=\/api\/login; Max-Age=15552000; HttpOnly; SameSite=Strict$/);
      // The same mark for the login form posted without JavaScript (POST /login).
      expect(device[1]).toBe(device[0]!.replace('Path=/api/login', 'Path=/login'));
    }
    // A wrong password sets nothing.
    expect((await login(owner.email, 'wrong-password')).headers['set-cookie']).toBeUndefined();
  });

  it('lets the browser that resets the password by e-mailed code log in at once while someone keeps failing', async () => {
    const owner = await createUser(t);
    for (let i = 0; i < 20; i++) await login(owner.email, 'wrong-password');
    const ownerAddress = nextAddress();
    expect((await login(owner.email, 'test-password', { address: ownerAddress })).statusCode).toBe(429);

    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ownerAddress });
    expect((await post('/sendotp', { email: owner.email })).statusCode).toBe(200);
    const code = codeIn(await waitForMail(t, owner.email));
    const verified = await post('/verifyotp', { email: owner.email, otp: code });
    expect(verified.statusCode).toBe(200);
    const reset = await post('/api/changenewpassword', { email: owner.email, newPassword: 'after-the-attack', resetToken: verified.json().resetToken });
    expect(reset.statusCode).toBe(200);
    const cookie = deviceCookie(reset);

    await login(owner.email, 'wrong-password');
    expect((await login(owner.email, 'after-the-attack', { address: ownerAddress, cookie })).statusCode).toBe(200);
    expect((await login(owner.email, 'after-the-attack')).statusCode).toBe(429);
  });
});
