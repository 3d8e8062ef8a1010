/**
 * Rate limits shared in Redis (docs/product/limits.md#several-server-processes), against the Redis of TEST_REDIS_URL:
 * limiters of two "processes" on one Redis keep one count, windows and delays run out, keys stay under their prefix,
 * and two apps on one database and one Redis allow a login limit of L in total. Each test file uses its own prefix and
 * deletes its keys afterwards.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { messages } from '@beat/shared';
import { AppError } from './errors.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';
import type { BackoffRule, LimitRule } from './rate-limiter.js';
import { buildApp } from '../app.js';
import { createDeps } from '../runtime.js';
import { createLocalStorage } from '../adapters/storage/local-storage.js';
import { createTestApp, createUser, type TestApp } from '../test/helper.js';
import { serverLog } from '../test/server-log.js';
import { freePort } from '../test/free-port.js';

const url = process.env.TEST_REDIS_URL!;
const prefix = `beat-test-${randomBytes(6).toString('hex')}`;
const redis = new Redis(url);
const limiters: RedisRateLimiter[] = [];

/** A limiter as one server process would have it. */
function processLimiter(options: { prefix?: string; scale?: number; url?: string } = {}): RedisRateLimiter {
  const limiter = new RedisRateLimiter({ url: options.url ?? url, prefix: options.prefix ?? prefix, scale: options.scale ?? 1 });
  limiters.push(limiter);
  return limiter;
}

async function keysUnder(p: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${p}:*`, 'COUNT', 500);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

/** The 429 a call was refused with, or null when it passed. */
async function refusal(call: Promise<void>): Promise<AppError | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return error;
    throw error;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let rules = 0;
/** A rule of its own for each test, so the tests never share counts. */
const windowRule = (max: number, windowMs: number, scales = false): LimitRule => ({ name: `tries ${++rules}`, max, windowMs, scales });

afterAll(async () => {
  for (const limiter of limiters) await limiter.close();
  const left = await keysUnder(prefix);
  if (left.length > 0) await redis.del(...left);
  await redis.quit();
});

describe('two processes on one Redis', () => {
  it('share one count: a limit of 3 allows 3 in all, and both refuse the 4th until the window ends', async () => {
    const [a, b] = [processLimiter(), processLimiter()];
    const rule = windowRule(3, 60_000);
    await a.hit(rule, '10.0.0.1');
    await b.hit(rule, '10.0.0.1');
    await a.hit(rule, '10.0.0.1');
    const refusedB = await refusal(b.hit(rule, '10.0.0.1'));
    const refusedA = await refusal(a.hit(rule, '10.0.0.1'));
    expect(refusedB?.message).toMatch(new RegExp(`^Too many ${rule.name}\\. Please try again in (59|60) seconds\\.$`));
    expect(Number(refusedA?.headers['Retry-After'])).toBeGreaterThanOrEqual(59);
    // Another key has its own count.
    await b.hit(rule, '10.0.0.2');
  });

  it('count parallel hits exactly: 20 at once against a limit of 7 let 7 through', async () => {
    const [a, b] = [processLimiter(), processLimiter()];
    const rule = windowRule(7, 60_000);
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => refusal((i % 2 ? a : b).hit(rule, 'burst'))));
    expect(outcomes.filter((o) => o === null)).toHaveLength(7);
  });

  it('start a new window once the old one ends', async () => {
    const [a, b] = [processLimiter(), processLimiter()];
    const rule = windowRule(1, 1000);
    await a.hit(rule, 'k');
    expect(await refusal(b.hit(rule, 'k'))).not.toBeNull();
    // Redis ends the window by its own clock: a hit is let through within a few seconds.
    await expect.poll(() => refusal(b.hit(rule, 'k')), { timeout: 5_000, interval: 100 }).toBeNull();
    expect(await refusal(a.hit(rule, 'k'))).not.toBeNull();
  });

  it('share failures counted with record() and checked with check(), and forget them at reset()', async () => {
    const [a, b] = [processLimiter(), processLimiter()];
    const rule = windowRule(2, 60_000);
    await b.check(rule, 'ada@example.test');
    await a.record(rule, 'ada@example.test');
    await b.check(rule, 'ada@example.test');
    await a.record(rule, 'ada@example.test');
    expect(await refusal(b.check(rule, 'ada@example.test'))).not.toBeNull();
    await a.reset(rule, 'ada@example.test');
    expect(await refusal(b.check(rule, 'ada@example.test'))).toBeNull();
  });

  it('share growing delays: a failure in one process makes the other wait, twice as long each time, until a success', async () => {
    const [a, b] = [processLimiter(), processLimiter()];
    const rule: BackoffRule = { name: `failed tries ${++rules}`, free: 2, firstDelayMs: 1000, maxDelayMs: 4000, forgetMs: 60_000, advice: 'Reset it.' };
    await a.attempt(rule, 'acct');
    await b.attempt(rule, 'acct'); // the second free try: from now on each failure makes the next one wait
    const first = await refusal(a.attempt(rule, 'acct'));
    expect(first?.message).toBe(`Too many ${rule.name}. Please try again in 1 second. Reset it.`);
    await sleep(1050);
    await a.attempt(rule, 'acct');
    const second = await refusal(b.attempt(rule, 'acct'));
    expect(second?.message).toBe(`Too many ${rule.name}. Please try again in 2 seconds. Reset it.`);
    // A success in one process clears the delay for both.
    await b.reset(rule, 'acct');
    expect(await refusal(a.attempt(rule, 'acct'))).toBeNull();
  });

  it('forget failures forgetMs after the last one', async () => {
    const [a, b] = [processLimiter(), processLimiter()];
    const rule: BackoffRule = { name: `failed tries ${++rules}`, free: 1, firstDelayMs: 600, maxDelayMs: 600, forgetMs: 1000 };
    await a.attempt(rule, 'acct');
    expect(await refusal(b.attempt(rule, 'acct'))).not.toBeNull();
    await sleep(1100);
    // Forgotten: the free try is back, then the wait starts over from the first step.
    await b.attempt(rule, 'acct');
    expect(await refusal(a.attempt(rule, 'acct'))).not.toBeNull();
  });

  it('scale the scalable limits by RATE_LIMIT_SCALE, the same in every process', async () => {
    const [a, b] = [processLimiter({ scale: 2 }), processLimiter({ scale: 2 })];
    const rule = windowRule(2, 60_000, true);
    for (const limiter of [a, b, a, b]) await limiter.hit(rule, 'k');
    expect(await refusal(a.hit(rule, 'k'))).not.toBeNull();
  });
});

describe('keys', () => {
  it('live under the store prefix, so a store with another prefix keeps its own counts', async () => {
    const ours = processLimiter();
    const otherPrefix = `${prefix}-other`;
    const other = processLimiter({ prefix: otherPrefix });
    const rule = windowRule(1, 60_000);
    const backoff: BackoffRule = { name: `failed tries ${++rules}`, free: 0, firstDelayMs: 60_000, maxDelayMs: 60_000, forgetMs: 60_000 };
    await ours.hit(rule, 'shared-key');
    await ours.attempt(backoff, 'shared-key');
    await other.hit(rule, 'shared-key');
    await other.attempt(backoff, 'shared-key');
    expect(await refusal(ours.hit(rule, 'shared-key'))).not.toBeNull();

    const keys = await keysUnder(prefix);
    expect(keys).toEqual(expect.arrayContaining([`${prefix}:window:${rule.name}:shared-key`, `${prefix}:backoff:${backoff.name}:shared-key`]));
    expect(await keysUnder(otherPrefix)).toHaveLength(2);
    // Every key expires on its own: nothing is left behind for good.
    for (const key of [...keys, ...(await keysUnder(otherPrefix))]) expect(await redis.pttl(key)).toBeGreaterThan(0);
    await redis.del(...(await keysUnder(otherPrefix)));
  });
});

describe('a Redis out of reach', () => {
  it('stops the start with a message naming REDIS_URL, without its password', async () => {
    const port = await freePort();
    const limiter = processLimiter({ url: `redis://user:hunter2@127.0.0.1:${port}` });
    const error = await limiter.ready().then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(new RegExp(`^REDIS_URL: no Redis answers at redis://user:\\*\\*\\*@127\\.0\\.0\\.1:${port}/? \\(connect ECONNREFUSED`));
    expect(error?.message).not.toContain('hunter2');
  });

  it('answers 503 with a readable message within a couple of seconds, never letting the call through', async () => {
    const limiter = processLimiter({ url: `redis://127.0.0.1:${await freePort()}` });
    const started = Date.now();
    const error = await limiter.hit(windowRule(5, 60_000), 'k').then(
      () => null,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).message).toBe(messages.storeUnavailable);
    expect((error as AppError).headers['Retry-After']).toBe('2');
    // The log line of the 503 says what went wrong.
    expect(String((error as AppError).cause)).toMatch(/the rate limits' Redis is out of reach: connect ECONNREFUSED/);
  });
});

describe('two apps on one database and one Redis', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondDeps: ReturnType<typeof createDeps>;
  beforeAll(async () => {
    // RATE_LIMIT_SCALE=0.2: 6 login attempts a minute per address instead of 30.
    t = await createTestApp({ env: { REDIS_URL: url, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_SCALE: '0.2' } });
    secondDeps = createDeps(t.config, t.database, createLocalStorage(path.join(t.dataDir, 'files')), t.clock);
    second = await buildApp(secondDeps, { loggerInstance: serverLog });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDeps.limiter.close();
    await t.close();
  });

  const login = (app: FastifyInstance, email: string, address: string) =>
    app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { email, password: 'wrong-password' } });

  it('a per-address login limit of L allows L attempts in total, not L per app', async () => {
    const address = '10.77.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(i % 2 ? second : t.app, `nobody${i}@example.test`, address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    for (const app of [t.app, second]) {
      const res = await login(app, 'nobody-more@example.test', address);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    }
  });

  it("an account's failed logins in one app make the other wait", async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? second : t.app, user.email, `10.78.0.${i + 1}`)).statusCode).toBe(401);
    const res = await login(second, user.email, '10.78.0.99');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many failed logins for this account\. Please try again in 1 second\./);
  });
});
