import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // RATE_LIMIT_SCALE=1: the documented defaults
});
afterAll(async () => {
  await t.close();
});

describe('login and signup rate limits', () => {
  it('answers 429 with a readable message and Retry-After after 10 logins a minute for one e-mail', async () => {
    const user = await createUser(t);
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'wrong-password' } });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits out the window.
    const right = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'test-password' } });
    expect(right.statusCode).toBe(429);
  });

  it('limits sign-ups per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        remoteAddress: '10.9.8.7',
        payload: { fullName: 'Many', email: `many${i}@example.test`, password: 'longenough' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
