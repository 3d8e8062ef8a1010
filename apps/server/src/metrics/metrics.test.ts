/**
 * GET /metrics (docs/metrics.md): only for the holder of METRICS_TOKEN, and its values move with what the store does —
 * requests by route pattern, latency, the catalog cache, jobs, webhooks, reconciliation, the outbox, the pool.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createBeat, createUser, dbKind, expectServerError, fileTestApp, fixedClock, loginAs, expectMessageOnly } from '../test/helper.js';
import { parseMetrics, samplesOf, valueOf, type Sample } from '../test/metrics-text.js';
import { claimJobs, enqueueJob, failJob } from '../jobs/job-queue.js';
import { PermanentJobError, runJobsUntilIdle } from '../jobs/job-worker.js';
import { jobs, mailOutbox } from '../db/schema.js';
import { body, deliver, lineOf, openCheckoutOk, payWithoutWebhook } from '../modules/checkout/checkout.test-support.js';
import { RECONCILE_AFTER_MS, reconcileCheckouts } from '../modules/checkout/reconcile.service.js';
import { UNMATCHED_ROUTE } from './metrics-route.js';

const clock = fixedClock(new Date('2026-05-04T10:00:00Z'));
const token = randomBytes(24).toString('hex');
// With SMTP the outbox has a backlog to measure; no worker runs in a test app, so nothing connects to it.
const t = fileTestApp({ clock, env: { METRICS_TOKEN: token, SMTP_URL: 'smtp://127.0.0.1:9' } });

async function scrape(): Promise<Sample[]> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseMetrics(res.body);
}

const requests = (route: string, status: number, method = 'GET') => ({ method, route, status: String(status) });

describe('GET /metrics', () => {
  it('answers only a bearer of METRICS_TOKEN: 401 without it, with a wrong one or a session', async () => {
    const user = await createUser(t);
    const session = await loginAs(t, user);
    const refusals = [undefined, 'Bearer ', `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`, `Bearer ${session}`, token];
    for (const authorization of refusals) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect({ authorization, status: res.statusCode }).toEqual({ authorization, status: 401 });
      expect(res.json()).toEqual({ message: 'Metrics need the bearer token METRICS_TOKEN.' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    const lowercase = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `bearer ${token}` } });
    expect(lowercase.statusCode).toBe(200);
    expect(lowercase.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by route pattern and status, never by the raw URL, with their latency', async () => {
    const before = await scrape();
    const slugs = [`no-such-beat-${randomBytes(4).toString('hex')}`, `no-such-beat-${randomBytes(4).toString('hex')}`];
    for (const slug of slugs) expect((await t.app.inject({ method: 'GET', url: `/api/beats/slug/${slug}` })).statusCode).toBe(404);
    const stray = `/api/nothing-here-${randomBytes(4).toString('hex')}`;
    expect((await t.app.inject({ method: 'GET', url: stray })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    const after = parseMetrics(res.body);
    const moved = (labels: Record<string, string>, name = 'beat_market_http_requests_total') => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved(requests('/api/beats/slug/:slug', 404))).toBe(2);
    expect(moved(requests(UNMATCHED_ROUTE, 404))).toBe(1);
    expect(moved(requests('/api/health', 200))).toBe(1);
    // The first scrape is counted once it is answered.
    expect(moved(requests('/metrics', 200))).toBe(1);
    for (const raw of [...slugs, stray]) expect(res.body).not.toContain(raw);

    const histogram = 'beat_market_http_request_duration_seconds';
    const slugRoute = { method: 'GET', route: '/api/beats/slug/:slug' };
    expect(moved(slugRoute, `${histogram}_count`)).toBe(2);
    expect(moved({ ...slugRoute, le: '+Inf' }, `${histogram}_bucket`)).toBe(2);
    expect(valueOf(after, `${histogram}_sum`, slugRoute)).toBeGreaterThan(valueOf(before, `${histogram}_sum`, slugRoute));
    // Buckets count what took at most their bound: they never decrease from one bound to the next.
    const buckets = samplesOf(after, `${histogram}_bucket`, slugRoute).map((s) => s.value);
    expect(buckets.length).toBeGreaterThan(5);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
  });

  it('counts the catalog cache’s hits and misses', async () => {
    const before = await scrape();
    const url = '/api/beats?limit=7&sort=bpmDesc';
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const after = await scrape();
    const moved = (name: string) => valueOf(after, name, { response: 'page' }) - valueOf(before, name, { response: 'page' });
    expect(moved('beat_market_catalog_cache_misses_total')).toBe(1);
    expect(moved('beat_market_catalog_cache_hits_total')).toBe(2);
  });

  it('shows a queue’s waiting, scheduled, running and failed jobs, and how long the oldest has waited', async () => {
    const queue = `metrics.probe-${randomBytes(3).toString('hex')}`;
    const gauge = (samples: Sample[], name: string) => valueOf(samples, `beat_market_jobs_${name}`, { queue });
    expect(samplesOf(await scrape(), 'beat_market_jobs_waiting', { queue })).toEqual([]);

    await enqueueJob(t.deps.db, clock, queue, { n: 1 }, { runAt: new Date(clock.now().getTime() - 90_000) });
    await enqueueJob(t.deps.db, clock, queue, { n: 2 });
    await enqueueJob(t.deps.db, clock, queue, { n: 3 }, { runAt: new Date(clock.now().getTime() + 3_600_000) });
    let samples = await scrape();
    expect(valueOf(samples, 'beat_market_database_up')).toBe(1);
    expect(['waiting', 'scheduled', 'running', 'failed', 'oldest_waiting_age_seconds'].map((name) => gauge(samples, name))).toEqual([2, 1, 0, 0, 90]);

    const [claimed] = await claimJobs(t.deps.db, clock, 'metrics-test', [queue], 1, 30_000);
    expect(claimed!.payload).toEqual({ n: 1 });
    samples = await scrape();
    expect(['waiting', 'running', 'oldest_waiting_age_seconds'].map((name) => gauge(samples, name))).toEqual([1, 1, 0]);

    expect(await failJob(t.deps.db, clock, claimed!, 'metrics-test', 'broken on purpose', true)).toBe('failed');
    await t.deps.db.delete(jobs).where(sql`${jobs.queue} = ${queue} and ${jobs.status} = 'queued'`);
    samples = await scrape();
    // An emptied queue is still reported, at 0.
    expect(['waiting', 'scheduled', 'running', 'failed', 'oldest_waiting_age_seconds'].map((name) => gauge(samples, name))).toEqual([0, 0, 0, 1, 0]);
  });

  it('counts the job runs of this process by outcome', async () => {
    const [worked, broken] = ['metrics.worked', 'metrics.broken'].map((q) => `${q}-${randomBytes(3).toString('hex')}`) as [string, string];
    expectServerError('job failed for good: cannot be done');
    await enqueueJob(t.deps.db, clock, worked, {});
    await enqueueJob(t.deps.db, clock, worked, {});
    await enqueueJob(t.deps.db, clock, broken, {});
    const handlers = {
      [worked]: { run: async () => undefined },
      [broken]: {
        run: async () => {
          throw new PermanentJobError('cannot be done');
        },
      },
    };
    expect(await runJobsUntilIdle(t.deps, handlers, { log: t.log })).toBe(3);
    const samples = await scrape();
    expect(valueOf(samples, 'beat_market_job_runs_total', { queue: worked, outcome: 'done' })).toBe(2);
    expect(valueOf(samples, 'beat_market_job_runs_total', { queue: broken, outcome: 'failed' })).toBe(1);
    expect(valueOf(samples, 'beat_market_jobs_failed', { queue: broken })).toBe(1);
  });

  it('counts webhook events by outcome, and what reconciliation finds', async () => {
    const buyer = await createUser(t);
    const session = await loginAs(t, buyer);
    const [first, second] = [await createBeat(t, { title: 'Metered Signal' }), await createBeat(t, { title: 'Quiet Ledger' })];
    const before = await scrape();

    const paid = await openCheckoutOk(t, session, 'beatPurchase', body(buyer, { beatDetails: [lineOf(first!)] }));
    const event = await payWithoutWebhook(t, paid.sessionId);
    expect((await deliver(t, event)).statusCode).toBe(200);
    expect((await deliver(t, event)).statusCode).toBe(200);
    expect((await deliver(t, { payload: event.payload, header: 't=1,v1=00' })).statusCode).toBe(400);

    // A paid checkout whose webhook never arrives is found by reconciliation.
    const lost = await openCheckoutOk(t, session, 'beatPurchase', body(buyer, { beatDetails: [lineOf(second!)] }));
    await payWithoutWebhook(t, lost.sessionId);
    clock.advance(RECONCILE_AFTER_MS + 1_000);
    expect((await reconcileCheckouts(t.deps, t.log)).fulfilled).toBe(1);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    const webhooks = ['paid', 'duplicate', 'refused', 'error'].map((outcome) => moved('beat_market_payment_webhooks_total', { outcome }));
    expect(webhooks).toEqual([1, 1, 1, 0]);
    expect(moved('beat_market_reconciliation_findings_total', { finding: 'fulfilled' })).toBe(1);
    expect(moved('beat_market_reconciliation_findings_total', { finding: 'provider_error' })).toBe(0);
    expect(moved('beat_market_reconciliation_checkouts_asked_total')).toBeGreaterThanOrEqual(1);
  });

  it('shows the outbox’s backlog of e-mails waiting for delivery', async () => {
    const before = valueOf(await scrape(), 'beat_market_mail_outbox_backlog');
    const to = `metrics-${randomBytes(3).toString('hex')}@example.test`;
    await t.deps.mailer.send({ to, subject: 'Counted', text: 'Waiting to be sent.', html: '<p>Waiting to be sent.</p>' });
    let samples = await scrape();
    expect(valueOf(samples, 'beat_market_mail_outbox_backlog')).toBe(before + 1);
    expect(samplesOf(samples, 'beat_market_mail_outbox_oldest_age_seconds')).toHaveLength(1);

    // Delivered (as the mail.send job records it): out of the backlog.
    await t.deps.db.update(mailOutbox).set({ sentAt: clock.now() }).where(eq(mailOutbox.to, to));
    samples = await scrape();
    expect(valueOf(samples, 'beat_market_mail_outbox_backlog')).toBe(before);
  });

  it('shows the process’s memory and event-loop lag, and the pool of a PostgreSQL server (the embedded database has none)', async () => {
    const samples = await scrape();
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(samplesOf(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(samplesOf(samples, 'nodejs_heap_size_used_bytes')).toHaveLength(1);
    const pool = samplesOf(samples, 'beat_market_database_pool_max');
    if (dbKind === 'postgres') {
      // The test app's pool (test/helper.ts); the scrape's own read has given its connection back.
      expect(pool.map((s) => s.value)).toEqual([20]);
      const open = samplesOf(samples, 'beat_market_database_pool_connections');
      expect(open.map((s) => s.labels.state).sort()).toEqual(['busy', 'idle']);
      expect(valueOf(samples, 'beat_market_database_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'beat_market_database_pool_waiting')).toBe(0);
    } else {
      expect(pool).toEqual([]);
      expect(samplesOf(samples, 'beat_market_database_pool_connections')).toEqual([]);
    }
  });

  it('still answers when the database does not, without the gauges it could not read', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The jobs table locked by another transaction: on the embedded database its one connection is taken, too.
    const holder = t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${jobs} in access exclusive mode`);
      locked();
      await held;
    });
    try {
      await isLocked;
      const samples = await scrape();
      expect(valueOf(samples, 'beat_market_database_up')).toBe(0);
      expect(samplesOf(samples, 'beat_market_jobs_waiting')).toEqual([]);
      expect(samplesOf(samples, 'beat_market_http_requests_total').length).toBeGreaterThan(0);
    } finally {
      release();
      await holder;
    }
    expect(valueOf(await scrape(), 'beat_market_database_up')).toBe(1);
  });
});

describe('without METRICS_TOKEN', () => {
  const bare = fileTestApp({ clock: fixedClock(new Date('2026-05-04T10:00:00Z')) });

  it('/metrics answers 404, whatever the caller sends, and nothing is counted', async () => {
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      expectMessageOnly(await bare.app.inject({ method: 'GET', url: '/metrics', headers }), 404, 'No such endpoint: GET /metrics');
    }
    expect(bare.deps.metrics.counting).toBe(false);
    expect(t.deps.metrics.counting).toBe(true);
  });
});
