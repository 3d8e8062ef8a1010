/**
 * The PostgreSQL server restarts, or an administrator ends every session, in the middle of traffic
 * (docs/reliability.md#the-database-restarts): requests caught by it respond with a readable 503 with Retry-After,
 * never a 500; nothing is half-written; the pool reconnects and the job worker carries on.
 *
 * The machine's PostgreSQL server is shared with other test files, so it is never restarted itself: the app
 * talks to it through a TCP proxy that can drop every connection and refuse new ones for a while, which is
 * what a client sees when the server restarts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { messages, type AuthResponse } from '@beat/shared';
import { authed, createBeat, createTestApp, createUser, loginAs, type TestApp } from '../test/helper.js';
import { FaultProxy } from '../test/fault-proxy.js';
import { jobs, type BeatRow, type UserRow } from './schema.js';
import { enqueueJob } from '../jobs/job-queue.js';
import { startJobWorker, type RunningWorker } from '../jobs/job-worker.js';

let t: TestApp;
let proxy: FaultProxy;
/** A connection of the test's own, straight to the database (not through the proxy). */
let direct: pg.Client;
let databaseName = '';
let worker: RunningWorker;
const probesRun: string[] = [];

interface Lane {
  user: UserRow;
  token: string;
  beats: BeatRow[];
}
const lanes: Lane[] = [];
const LANES = 6;

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_SCALE: '1000' },
    connectThrough: async (databaseUrl) => {
      databaseName = new URL(databaseUrl).pathname.slice(1);
      direct = new pg.Client({ connectionString: databaseUrl });
      await direct.connect();
      proxy = await FaultProxy.before(databaseUrl);
      return proxy.url;
    },
  });
  for (let i = 0; i < LANES; i++) {
    const user = await createUser(t);
    const beats: BeatRow[] = [];
    for (let j = 0; j < 4; j++) beats.push(await createBeat(t));
    lanes.push({ user, token: await loginAs(t, user), beats });
  }
  worker = await startJobWorker(
    { db: t.deps.db, clock: t.clock },
    {
      'fault.probe': {
        async run(payload) {
          probesRun.push(String(payload.name));
        },
      },
    },
    // A short lease: a job whose claim was cut off by the fault is taken back within a second or two, not 30.
    { concurrency: 1, log: t.log, pollMs: 100, leaseMs: 1_000 },
  );
});

afterAll(async () => {
  await worker?.stop();
  await direct?.end();
  await t?.close();
  await proxy?.stop();
});

type Op = 'read' | 'signup' | 'cart' | 'checkout';

interface Answer {
  op: Op;
  status: number;
  body: string;
  retryAfter: string | undefined;
  email?: string;
}

async function call(lane: Lane, op: Op): Promise<Answer> {
  if (op === 'read') {
    const res = await t.app.inject({ method: 'GET', url: '/api/beats' });
    return { op, status: res.statusCode, body: res.body, retryAfter: res.headers['retry-after'] as string | undefined };
  }
  if (op === 'signup') {
    const email = `restart-${randomBytes(5).toString('hex')}@example.test`;
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: { fullName: 'Restart Test', email, password: 'test-password' } });
    return { op, status: res.statusCode, body: res.body, retryAfter: res.headers['retry-after'] as string | undefined, email };
  }
  const beat = lane.beats[Math.floor(Math.random() * lane.beats.length)]!;
  const res =
    op === 'cart'
      ? await t.app.inject(authed(lane.token, { method: 'POST', url: '/api/cart', payload: { userId: lane.user.id, beatId: beat.id } }))
      : await t.app.inject(
          authed(lane.token, {
            method: 'POST',
            url: '/create-checkout-session',
            payload: { userId: lane.user.id, email: lane.user.email, beatDetails: [{ beatId: beat.id }] },
          }),
        );
  return { op, status: res.statusCode, body: res.body, retryAfter: res.headers['retry-after'] as string | undefined };
}

const ops: Op[] = ['read', 'signup', 'cart', 'checkout'];
const okStatus: Record<Op, number> = { read: 200, signup: 201, cart: 200, checkout: 200 };

/**
 * Every lane sends one call after another, cycling through reads and writes, until `fault` settles. The fault is
 * given `answered(n)`, which resolves once n more calls have been answered: traffic before and after it.
 */
async function trafficDuring(fault: (answered: (n: number) => Promise<void>) => Promise<void>): Promise<Answer[]> {
  let over = false;
  const answers: Answer[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const answered = (n: number) => new Promise<void>((resolve) => waiting.push({ count: answers.length + n, resolve }));
  const done = fault(answered).finally(() => (over = true));
  done.catch(() => undefined); // its failure is the test's, once the lanes have stopped
  await Promise.all(
    lanes.map(async (lane, index) => {
      for (let i = index; !over; i++) {
        answers.push(await call(lane, ops[i % ops.length]!));
        for (const waiter of waiting.filter((w) => w.count <= answers.length)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    }),
  );
  await done;
  return answers;
}

/** Once the database is back: the same calls succeed again (the pool may need a moment to reconnect). */
async function waitUntilServing(): Promise<void> {
  await vi.waitFor(
    async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/beats' });
      if (res.statusCode !== 200) throw new Error(`the app did not recover: ${res.statusCode} ${res.body}`);
    },
    { timeout: 15_000, interval: 100 },
  );
}

function expectOnlySuccessOr503(answers: Answer[]): void {
  for (const answer of answers) {
    if (answer.status === okStatus[answer.op]) continue;
    expect({ op: answer.op, status: answer.status, body: JSON.parse(answer.body) as unknown, retryAfter: answer.retryAfter }).toEqual({
      op: answer.op,
      status: 503,
      body: { message: messages.storeUnavailable },
      retryAfter: '2',
    });
  }
}

async function count(query: string, params: unknown[] = []): Promise<number> {
  const { rows } = await direct.query<{ n: string }>(query, params);
  return Number(rows[0]!.n);
}

/** Nothing half-written: every row that needs another has it. */
async function expectConsistent(answers: Answer[]): Promise<void> {
  expect(await count('select count(*) as n from checkouts c where not exists (select 1 from checkout_items i where i.checkout_id = c.id)')).toBe(0);
  expect(await count('select count(*) as n from checkout_items i where not exists (select 1 from checkouts c where c.id = i.checkout_id)')).toBe(0);
  expect(await count('select count(*) as n from purchases p where p.checkout_id is not null and not exists (select 1 from checkouts c where c.id = p.checkout_id)')).toBe(0);
  expect(await count('select count(*) as n from cart_items i where not exists (select 1 from users u where u.id = i.user_id)')).toBe(0);
  // Every sign-up that responded with 201 made an account that logs in; one that responded with 503 made all of it or none.
  for (const answer of answers.filter((a) => a.op === 'signup')) {
    const exists = (await count('select count(*) as n from users where email = $1', [answer.email])) === 1;
    if (answer.status === 201) expect(exists).toBe(true);
    if (exists) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: answer.email, password: 'test-password' } });
      expect(res.statusCode).toBe(200);
    }
  }
}

async function waitForProbe(name: string): Promise<void> {
  await expect.poll(() => probesRun, { timeout: 10_000, interval: 50 }).toContain(name);
}

/** After the fault: each kind of call works again, and a job queued now runs. */
async function expectRecovered(probe: string): Promise<void> {
  await waitUntilServing();
  const lane = lanes[0]!;
  for (const op of ops) {
    const answer = await call(lane, op);
    expect([op, answer.status]).toEqual([op, okStatus[op]]);
  }
  const signup = await call(lane, 'signup');
  const { user } = JSON.parse(signup.body) as AuthResponse;
  expect(user.email).toBe(signup.email);

  await enqueueJob(t.deps.db, t.clock, 'fault.probe', { name: probe });
  await waitForProbe(probe);
  expect(probesRun.filter((name) => name === probe)).toEqual([probe]);
  // The handler has run; the worker marks the job done right after.
  const statusOf = async () => (await t.deps.db.select().from(jobs).where(sql`${jobs.payload}->>'name' = ${probe}`)).map((j) => j.status);
  await expect.poll(statusOf, { timeout: 5_000, interval: 20 }).toEqual(['done']);

  // Every connection the fault broke went back to the pool: none stays taken (the pool would run dry after a few outages).
  const pool = (t.deps.db as unknown as { $client: pg.Pool }).$client;
  await expect
    .poll(() => ({ taken: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }), { timeout: 3_000, interval: 20 })
    .toEqual({ taken: 0, waiting: 0 });
}

describe('the PostgreSQL server goes away in the middle of traffic', () => {
  it('restarted: calls in flight answer 503, nothing is half-written, and everything works again after', async () => {
    await enqueueJob(t.deps.db, t.clock, 'fault.probe', { name: 'before-restart' });
    const answers = await trafficDuring(async (answered) => {
      await answered(2 * lanes.length);
      await proxy.restart(1_500);
      await answered(2 * lanes.length);
    });

    const byStatus = (status: number) => answers.filter((a) => a.status === status).length;
    // The fault did happen, and traffic both failed during it and succeeded around it.
    expect(byStatus(503)).toBeGreaterThan(0);
    expect(answers.length - byStatus(503)).toBeGreaterThan(0);
    expectOnlySuccessOr503(answers);
    await expectRecovered('after-restart');
    // A job queued before the restart ran too (taken back if the restart cut off its claim).
    await waitForProbe('before-restart');
    await expectConsistent(answers);
  });

  it('every session ended by an administrator (pg_terminate_backend): the same', async () => {
    const terminate = async (answered: (n: number) => Promise<void>) => {
      await answered(2 * lanes.length);
      const { rows } = await direct.query<{ ended: boolean }>(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
      expect(rows.length).toBeGreaterThan(0);
      await answered(2 * lanes.length);
    };
    const answers = await trafficDuring(terminate);

    expectOnlySuccessOr503(answers);
    await expectRecovered('after-termination');
    await expectConsistent(answers);
    // The worker's own connections were ended too, and it still runs jobs (above); its database pool kept serving.
    const [row] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.queue, 'fault.probe'));
    expect(row!.n).toBeGreaterThanOrEqual(3);
  });
});
