/**
 * Three server processes on one PostgreSQL server, one Redis and one S3-compatible server, requests spread over
 * them (docs/reliability.md#several-processes): what one process does, the others see; what must happen once
 * happens once; a process killed mid-checkout loses nothing. The processes start once for the whole file; the
 * test that kills one runs last.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beats, checkouts, entitlements, jobs, mailOutbox, purchases, users, type BeatRow, type UserRow } from '../db/schema.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createTestCheckout, testCheckoutWebhookSecret } from '../adapters/payments/test-checkout.js';
import { createStorage } from '../adapters/storage/create-storage.js';
import { systemClock } from '../lib/clock.js';
import { WEBHOOK_PATH } from '../modules/checkout/checkout.routes.js';
import { verificationsPerAddress } from '../modules/licences/licence-verify.service.js';
import { queueRenderWorkload } from '../modules/previews/render-workload.js';
import { RENDER_QUEUE } from '../modules/previews/previews.service.js';
import { exited } from '../test/server-process.js';
import { insertBeat } from '../test/helper.js';
import { call, CLUSTER_TOKEN_SECRET, nextAddress, startCluster, type Cluster } from './cluster-harness.js';

let cluster: Cluster;
const PASSWORD = 'cluster-password';
const passwordHash = hashPassword(PASSWORD);

beforeAll(async () => {
  cluster = await startCluster();
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
}, 60_000);

const db = () => cluster.database.db;
const A = () => cluster.urls[0]!;
const B = () => cluster.urls[1]!;
const C = () => cluster.urls[2]!;

async function newUser(): Promise<UserRow> {
  const [user] = await db()
    .insert(users)
    .values({ email: `cluster-${randomBytes(5).toString('hex')}@example.test`, fullName: 'Cluster Buyer', passwordHash: await passwordHash })
    .returning();
  return user!;
}

async function login(base: string, user: UserRow): Promise<string> {
  const res = await call<{ token: string }>(base, 'POST', '/api/login', { body: { email: user.email, password: PASSWORD }, from: nextAddress() });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

function newBeat(overrides: Partial<typeof beats.$inferInsert> = {}): Promise<BeatRow> {
  return insertBeat(db(), { title: `Cluster Beat ${randomBytes(4).toString('hex')}`, artistName: 'Cluster Artist', ...overrides });
}

/** Opens a one-lease checkout through `base`; returns the provider session id. */
async function openLeaseCheckout(base: string, user: UserRow, token: string, beat: BeatRow): Promise<string> {
  const res = await call<{ session: { id: string } }>(base, 'POST', '/create-checkout-session', {
    token,
    body: { userId: user.id, email: user.email, beatDetails: [{ beatId: beat.id }] },
  });
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.session.id;
}

/** Submits the test checkout's card form through `base`, as the browser does. */
function payAt(base: string, sessionId: string): Promise<Response> {
  const form = new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Cluster Buyer' });
  return fetch(`${base}/test-checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting until ${what}`);
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/** Whether every job that is due has run to its end (recurring ones are always waiting for their next time). */
async function everyDueJobRan(): Promise<boolean> {
  const left = await db()
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.status, ['queued', 'running']), sql`${jobs.runAt} <= now()`, sql`${jobs.singletonKey} is distinct from 'recurring'`));
  return left.length === 0;
}

/** The time on a process's clock, as each of its answers tells it. */
async function serverTime(base: string): Promise<number> {
  return Number((await fetch(`${base}/api/config`)).headers.get('x-server-time'));
}

describe('three processes on one PostgreSQL server, Redis and S3', () => {
  it('started together on an empty database: every migration ran once, and each process is ready', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const journal = JSON.parse(readFileSync(path.resolve(here, '../../drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const { rows } = await cluster.database.db.$client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
    expect(Number(rows[0]!.n)).toBe(journal.entries.length);
    for (const url of cluster.urls) expect(await call(url, 'GET', '/api/ready')).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('a session made on one process works on the others, and a logout on one ends it everywhere', async () => {
    const user = await newUser();
    const token = await login(A(), user);
    for (const base of [A(), B(), C()]) expect((await call(base, 'GET', `/api/cart/${user.id}`, { token })).status).toBe(200);

    expect((await call(B(), 'POST', '/api/logout', { token })).status).toBe(200);
    for (const base of [A(), B(), C()]) {
      const res = await call<{ message: string }>(base, 'GET', `/api/cart/${user.id}`, { token });
      expect(res.status).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('a per-address limit of L allows L requests in total over the three processes, not 3L', async () => {
    const limit = verificationsPerAddress.max;
    const from = nextAddress();
    const before = cluster.proxy.served();
    const statuses: number[] = [];
    // In rounds of three at once, through nginx: each process takes its turn.
    for (let i = 0; i < limit; i++) {
      const round = await Promise.all(
        [0, 1, 2].map(() => call(cluster.proxy.url, 'GET', '/api/licenses/0000-0000-0000-0000-0000-0000/verify', { from })),
      );
      statuses.push(...round.map((r) => r.status));
    }
    const servedNow = cluster.proxy.served().map((n, i) => n - before[i]!);
    expect(servedNow.every((n) => n >= limit - 1)).toBe(true);
    expect(statuses.filter((s) => s === 404)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * limit);
    // Another address still has its own budget.
    expect((await call(cluster.proxy.url, 'GET', '/api/licenses/0000-0000-0000-0000-0000-0000/verify', { from: nextAddress() })).status).toBe(404);
  });

  it('the same webhook event delivered to all three processes at once fulfils once', async () => {
    const user = await newUser();
    const token = await login(A(), user);
    const beat = await newBeat();
    const sessionId = await openLeaseCheckout(A(), user, token, beat);
    // The provider takes the payment (the test checkout, with the secret every process of this store derives).
    const provider = createTestCheckout(db(), systemClock, testCheckoutWebhookSecret(CLUSTER_TOKEN_SECRET));
    const paid = await provider.pay(sessionId);
    expect(paid).not.toBeNull();

    const deliveries = await Promise.all(
      [A(), B(), C(), A(), B(), C()].map((base) =>
        fetch(`${base}${WEBHOOK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': paid!.event.header },
          body: paid!.event.payload,
        }),
      ),
    );
    expect(deliveries.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);

    expect(await db().select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(1);
    expect(await db().select().from(entitlements).where(eq(entitlements.userId, user.id))).toHaveLength(1);
    const [checkout] = await db().select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId));
    expect(checkout!.fulfilledAt).not.toBeNull();
    // One receipt, whether it is written at once or by a job.
    await until('the receipt is written', async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).length > 0, 15_000);
    // No job is left that could write another.
    await until('every job has run', everyDueJobRan, 15_000);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).toHaveLength(1);
  });

  it('an exclusive bought at the same moment through two processes is sold once', async () => {
    const [first, second] = [await newUser(), await newUser()];
    const tokens = [await login(A(), first), await login(B(), second)];
    const beat = await newBeat({ beatType: 'Exclusive', priceCents: 30000 });
    const opened = await Promise.all(
      [
        [A(), first, tokens[0]!],
        [B(), second, tokens[1]!],
      ].map(([base, user, token]) =>
        call<{ session?: { id: string }; message?: string }>(base as string, 'POST', '/create-checkout-session-exclusive', {
          token: token as string,
          body: { userId: (user as UserRow).id, email: (user as UserRow).email, beatId: beat.id, price: 300 },
        }),
      ),
    );
    expect(opened.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = opened.findIndex((r) => r.status === 200);
    expect(opened[1 - winner]!.body.message).toEqual(expect.any(String));

    // The winner pays through the other process; the loser tries again through the third, too late.
    const pay = await payAt([B(), A()][winner]!, opened[winner]!.body.session!.id);
    expect(pay.status).toBe(303);
    const loser = [first, second][1 - winner]!;
    const again = await call(C(), 'POST', '/create-checkout-session-exclusive', {
      token: tokens[1 - winner]!,
      body: { userId: loser.id, email: loser.email, beatId: beat.id, price: 300 },
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);

    const owners = await db().select().from(entitlements).where(eq(entitlements.beatId, beat.id));
    expect(owners.map((o) => o.userId)).toEqual([[first, second][winner]!.id]);
    const [row] = await db().select().from(beats).where(eq(beats.id, beat.id));
    expect(row!.soldAt).not.toBeNull();
    expect(await db().select().from(purchases).where(eq(purchases.beatId, beat.id))).toHaveLength(1);
  });

  it("a countdown's end, nudged by pages on all three processes at once, fires its change once", async () => {
    const endsAt = new Date(Date.now() + 3_000);
    const beat = await newBeat({ beatType: 'Exclusive', priceCents: 30000, countdownEndTime: endsAt });
    const nudge = (base: string) =>
      call<{ changed: boolean; beat: { beatType: string } }>(base, 'POST', '/api/changebeattype', { body: { beatId: beat.id }, from: nextAddress() });
    // Before the end: nothing changes, wherever the page asks.
    expect((await Promise.all([A(), B(), C()].map(nudge))).map((r) => r.body.changed)).toEqual([false, false, false]);

    await until("every process's clock has passed the end", async () => (await Promise.all([A(), B(), C()].map(serverTime))).every((now) => now > endsAt.getTime()), 10_000);
    const answers = await Promise.all([A(), B(), C(), A(), B(), C(), A(), B(), C()].map(nudge));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    // The recurring sweep may have turned it over just before (then no nudge did); never more than one change.
    const changed = answers.filter((r) => r.body.changed);
    expect(changed.length).toBeLessThanOrEqual(1);
    expect(answers.every((r) => r.body.beat.beatType === 'Non-Exclusive')).toBe(true);
    const [row] = await db().select().from(beats).where(eq(beats.id, beat.id));
    expect(row).toMatchObject({ beatType: 'Non-Exclusive', priceCents: cluster.config.prices.leaseCents });
  });

  it('a file uploaded through one process downloads through another', async () => {
    const user = await newUser();
    const token = await login(A(), user);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4elQCiBggFAA2egdJstQj9gAAAABJRU5ErkJggg==',
      'base64',
    );
    const res = await call<{ user: { profileImage: string } }>(A(), 'POST', '/api/updateinfo', {
      token,
      body: { email: user.email, data: { name: 'Cluster Buyer', username: `c${randomBytes(4).toString('hex')}`, profileImage: `data:image/png;base64,${png.toString('base64')}` } },
    });
    expect(res.status).toBe(200);
    for (const base of [B(), C()]) {
      // A process may respond with the file itself or send the browser to the bucket (a presigned address): either way the bytes arrive.
      const image = await fetch(`${base}${res.body.user.profileImage}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    }
  });

  it('a process killed (kill -9) mid-checkout loses nothing, and the others finish its jobs', async () => {
    const victim = cluster.servers[2]!;
    const victimPid = cluster.pids[2]!;
    // Work for the workers: renders long enough to be in flight when the process dies.
    const storage = await createStorage(cluster.config);
    await queueRenderWorkload({ db: db(), storage, clock: systemClock }, 6, 20);

    const buyers = await Promise.all(Array.from({ length: 6 }, () => newUser()));
    const tokens = await Promise.all(buyers.map((user) => login(C(), user)));
    const bought = await Promise.all(buyers.map(() => newBeat()));
    let killed = false;
    const sessions: Array<{ buyer: number; sessionId: string }> = [];

    // Each buyer checks out through the victim, one beat after another, until it dies; then it goes to another process.
    const traffic = Promise.all(
      buyers.map(async (user, i) => {
        // At most 25 rounds a buyer: the per-account checkout limit is 30 in ten minutes.
        for (let round = 0; round < 25 && !killed; round++) {
          const base = C();
          const sessionId = await openLeaseCheckout(base, user, tokens[i]!, bought[i]!).catch(() => null);
          if (!sessionId) return;
          sessions.push({ buyer: i, sessionId });
          await payAt(base, sessionId).catch(() => undefined);
          // The beat stays in the buyer's library: buying it again is refused, so each round uses a new beat.
          bought[i] = await newBeat();
          await new Promise((r) => setTimeout(r, 150));
        }
      }),
    );

    // Kill the victim once it runs a job of its own and checkouts are going through it.
    await until(
      'the victim runs a job',
      async () =>
        sessions.length >= 3 &&
        (await db().select({ id: jobs.id }).from(jobs).where(and(eq(jobs.status, 'running'), sql`${jobs.lockedBy} like ${`%:${victimPid}:%`}`))).length > 0,
      60_000,
    );
    const heldByVictim = await db().select().from(jobs).where(and(eq(jobs.status, 'running'), sql`${jobs.lockedBy} like ${`%:${victimPid}:%`}`));
    victim.child.kill('SIGKILL');
    killed = true;
    await exited(victim.child);
    await traffic;
    expect(heldByVictim.length).toBeGreaterThan(0);

    // Each buyer comes back through a live process: pays if the payment never happened, then returns from the checkout.
    for (const { buyer, sessionId } of sessions) {
      const [row] = await db().select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId));
      expect(row).toBeDefined();
      if (row!.status === 'open') expect((await payAt(A(), sessionId)).status).toBe(303);
      const confirmed = await call(A(), 'POST', '/api/checkout/confirm', { token: tokens[buyer]!, body: { sessionId } });
      expect(confirmed.status).toBe(200);
    }

    // Nothing lost: every checkout paid and fulfilled once, with its purchase and entitlement; no half-written rows.
    const rows = await db().select().from(checkouts).where(inArray(checkouts.providerSessionId, sessions.map((s) => s.sessionId)));
    expect(rows).toHaveLength(sessions.length);
    expect(rows.filter((r) => r.paymentStatus !== 'paid' || r.fulfilledAt === null)).toEqual([]);
    const made = await db().select().from(purchases).where(inArray(purchases.checkoutId, rows.map((r) => r.id)));
    expect(made).toHaveLength(sessions.length);
    const { rows: orphans } = await cluster.database.db.$client.query<{ n: string }>(
      'select count(*) as n from checkouts c where not exists (select 1 from checkout_items i where i.checkout_id = c.id)',
    );
    expect(Number(orphans[0]!.n)).toBe(0);

    // The others took back the victim's jobs once their lease ran out, and every job ran to its end.
    await until('every job has run', everyDueJobRan, 90_000);
    const taken = await db().select().from(jobs).where(inArray(jobs.id, heldByVictim.map((j) => j.id)));
    for (const job of taken) {
      expect(job.status).toBe('done');
      expect(job.lockedBy).not.toContain(`:${victimPid}:`);
    }
    const renders = await db().select().from(jobs).where(eq(jobs.queue, RENDER_QUEUE));
    expect(renders.map((j) => j.status)).toEqual(renders.map(() => 'done'));
    expect(await db().select().from(jobs).where(eq(jobs.status, 'failed'))).toEqual([]);
  }, 180_000);
});
