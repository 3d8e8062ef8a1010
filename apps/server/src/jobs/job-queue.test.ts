import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { jobs, type JobRow } from '../db/schema.js';
import { dbKind, expectServerError, fixedClock, fileTestApp } from '../test/helper.js';
import { claimJobs, completeJob, enqueueJob, enqueueJobs, failJob, recoverAbandonedJobs, releaseJob, renewLease, retryDelayMs } from './job-queue.js';
import { PermanentJobError, runJobsUntilIdle, startJobWorker, type JobHandlers } from './job-worker.js';

const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));
let queueCounter = 0;
/** Each test works on its own queue, so they do not see each other's jobs. */
const newQueue = () => `test.q${++queueCounter}`;

const t = fileTestApp({ clock });

const db = () => t.deps.db;
const rowsOf = (queue: string) => db().select().from(jobs).where(eq(jobs.queue, queue)).orderBy(jobs.id);

/**
 * Queues a job of `marker` (a queue the workers also serve) behind everything, and waits until it is done. Workers
 * claim due jobs in priority order, so once it is done every job that was due has been claimed: what did not run
 * was not due.
 */
async function afterAJobQueuedLast(marker: string): Promise<void> {
  await enqueueJob(db(), clock, marker, {}, { priority: 1000 });
  await expect.poll(async () => (await rowsOf(marker)).every((r) => r.status === 'done'), { timeout: 5000 }).toBe(true);
}

describe('the job queue', () => {
  it('queues, claims in priority order under a lease, and completes', async () => {
    const q = newQueue();
    await enqueueJob(db(), clock, q, { n: 1 }, { priority: 10 });
    await enqueueJob(db(), clock, q, { n: 2 }, { priority: 0 });
    await enqueueJob(db(), clock, q, { n: 3 }, { priority: 0, runAt: new Date(clock.now().getTime() + 60_000) });
    const claimed = await claimJobs(db(), clock, 'w1', [q], 5, 30_000);
    expect(claimed.map((j) => j.payload.n)).toEqual([2, 1]); // priority first; the future one is not due
    expect(claimed.every((j) => j.status === 'running' && j.attempts === 1 && j.lockedBy === 'w1')).toBe(true);
    expect(await claimJobs(db(), clock, 'w2', [q], 5, 30_000)).toEqual([]);
    expect(await completeJob(db(), clock, claimed[0]!, 'w2')).toBe(false); // not w2's
    expect(await completeJob(db(), clock, claimed[0]!, 'w1')).toBe(true);
    const rows = await rowsOf(q);
    expect(rows.map((r) => r.status)).toEqual(['running', 'done', 'queued']);
  });

  it('keeps one queued job per singleton key', async () => {
    const q = newQueue();
    expect(await enqueueJobs(db(), clock, q, [{ payload: { a: 1 }, singletonKey: 'x' }, { payload: { a: 2 }, singletonKey: 'y' }])).toBe(2);
    expect(await enqueueJobs(db(), clock, q, [{ payload: { a: 3 }, singletonKey: 'x' }])).toBe(0);
    // Once the queued one is running, a new one may wait behind it.
    await claimJobs(db(), clock, 'w', [q], 1, 30_000);
    expect(await enqueueJobs(db(), clock, q, [{ payload: { a: 4 }, singletonKey: 'x' }])).toBe(1);
    expect((await rowsOf(q)).filter((r) => r.singletonKey === 'x').map((r) => r.status)).toEqual(['running', 'queued']);
  });

  it('retries a failure after a growing back-off, then fails it for good', async () => {
    const q = newQueue();
    await enqueueJob(db(), clock, q, {}, { maxAttempts: 2 });
    const [first] = await claimJobs(db(), clock, 'w', [q], 1, 30_000);
    expect(await failJob(db(), clock, first!, 'w', 'boom')).toBe('retrying');
    const [waiting] = await rowsOf(q);
    expect(waiting!.status).toBe('queued');
    expect(waiting!.lastError).toBe('boom');
    expect(waiting!.runAt.getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(3_000);
    expect(await claimJobs(db(), clock, 'w', [q], 1, 30_000)).toEqual([]); // not due yet
    clock.advance(60_000);
    const [second] = await claimJobs(db(), clock, 'w', [q], 1, 30_000);
    expect(second!.attempts).toBe(2);
    expect(await failJob(db(), clock, second!, 'w', 'boom again')).toBe('failed');
    expect((await rowsOf(q))[0]!.status).toBe('failed');
  });

  it('grows the delay with each attempt and caps it', () => {
    const mid = () => 0.5;
    expect(retryDelayMs(1, mid)).toBe(5_000);
    expect(retryDelayMs(2, mid)).toBe(20_000);
    expect(retryDelayMs(3, mid)).toBe(80_000);
    expect(retryDelayMs(20, mid)).toBe(15 * 60_000);
  });

  it('takes back a job whose worker stopped renewing its lease, and fails it once attempts are spent', async () => {
    const q = newQueue();
    await enqueueJob(db(), clock, q, { crash: true }, { maxAttempts: 2 });
    const [held] = await claimJobs(db(), clock, 'dead-worker', [q], 1, 30_000);
    expect(await renewLease(db(), clock, held!, 'dead-worker', 30_000)).toBe(true);
    clock.advance(10_000);
    expect((await recoverAbandonedJobs(db(), clock)).requeued.filter((j) => j.queue === q)).toEqual([]); // lease still valid
    clock.advance(31_000);
    const recovered = await recoverAbandonedJobs(db(), clock);
    expect(recovered.requeued.filter((j) => j.queue === q)).toHaveLength(1);
    // The dead worker cannot finish it any more.
    expect(await completeJob(db(), clock, held!, 'dead-worker')).toBe(false);
    const [again] = await claimJobs(db(), clock, 'w2', [q], 1, 30_000);
    expect(again!.attempts).toBe(2);
    clock.advance(31_000);
    const last = await recoverAbandonedJobs(db(), clock);
    expect(last.failed.filter((j) => j.queue === q)).toHaveLength(1);
    expect((await rowsOf(q))[0]!.status).toBe('failed');
  });

  it('hands a job back without counting the attempt when the worker stops', async () => {
    const q = newQueue();
    await enqueueJob(db(), clock, q, {});
    const [job] = await claimJobs(db(), clock, 'w', [q], 1, 30_000);
    await releaseJob(db(), job!, 'w');
    const [row] = await rowsOf(q);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });

  it('never gives one job to two workers, even when many claim at once', async () => {
    const q = newQueue();
    await enqueueJobs(db(), clock, q, Array.from({ length: 60 }, (_, i) => ({ payload: { i } })));
    const claims = await Promise.all(Array.from({ length: 12 }, (_, w) => claimJobs(db(), clock, `w${w}`, [q], 7, 30_000)));
    const ids = claims.flat().map((j) => j.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(60);
    const rows = await rowsOf(q);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    if (dbKind === 'postgres') expect(new Set(claims.flat().map((j) => j.lockedBy)).size).toBeGreaterThan(1);
  });
});

describe('the worker', () => {
  it('runs queued jobs, fails a permanent error at once and reports final failures', async () => {
    const q = newQueue();
    const seen: unknown[] = [];
    const failed: string[] = [];
    const handlers: JobHandlers = {
      [q]: {
        run: async (payload) => {
          if (payload.bad) throw new PermanentJobError('not audio');
          seen.push(payload.n);
        },
        onFailed: async (_payload, message) => {
          failed.push(message);
        },
      },
    };
    await enqueueJobs(db(), clock, q, [{ payload: { n: 1 } }, { payload: { n: 2 } }, { payload: { bad: true } }]);
    expectServerError('job failed for good: not audio');
    expect(await runJobsUntilIdle(t.deps, handlers, { log: t.log })).toBe(3);
    expect(seen.sort()).toEqual([1, 2]);
    expect(failed).toEqual(['not audio']);
    const rows = await rowsOf(q);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
      ['failed', 1],
    ]);
  });

  it('works in the background as jobs arrive, and finishes the job in flight before it stops', async () => {
    const q = newQueue();
    const done: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handlers: JobHandlers = {
      [q]: {
        run: async (payload) => {
          if (payload.n === 2) await gate;
          done.push(payload.n as number);
        },
      },
    };
    const worker = await startJobWorker(t.deps, handlers, { concurrency: 2, pollMs: 20, log: t.log });
    try {
      await enqueueJob(db(), clock, q, { n: 1 });
      await expect.poll(() => done, { timeout: 5000 }).toEqual([1]);
      await enqueueJob(db(), clock, q, { n: 2 });
      await expect.poll(async () => (await rowsOf(q)).map((r) => r.status), { timeout: 5000 }).toEqual(['done', 'running']);
    } finally {
      const stopping = worker.stop();
      release();
      await stopping;
    }
    expect(done).toEqual([1, 2]);
    expect((await rowsOf(q)).map((r) => r.status)).toEqual(['done', 'done']);
  });

  it('hands back a job that outlives the grace period at stop, to run again later', async () => {
    const q = newQueue();
    const handlers: JobHandlers = {
      [q]: {
        run: (_payload, { signal }) =>
          new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
      },
    };
    const worker = await startJobWorker(t.deps, handlers, { concurrency: 1, pollMs: 20, log: t.log, stopGraceMs: 50 });
    await enqueueJob(db(), clock, q, {});
    await expect.poll(async () => (await rowsOf(q))[0]?.status, { timeout: 5000 }).toBe('running');
    await worker.stop();
    const [row] = await rowsOf(q);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });

  it('keeps a recurring job scheduled: one queued at a time, run again after its interval', async () => {
    const q = newQueue();
    let runs = 0;
    const marker = newQueue();
    const handlers: JobHandlers = { [q]: { everyMs: 60_000, run: async () => void (runs += 1) }, [marker]: { run: async () => undefined } };
    const worker = await startJobWorker(t.deps, handlers, { concurrency: 1, pollMs: 20, log: t.log });
    const second = await startJobWorker(t.deps, handlers, { concurrency: 1, pollMs: 20, log: t.log });
    try {
      await expect.poll(() => runs, { timeout: 5000 }).toBe(1);
      await expect.poll(async () => (await rowsOf(q)).filter((r: JobRow) => r.status === 'queued').length, { timeout: 5000 }).toBe(1);
      await afterAJobQueuedLast(marker);
      expect(runs).toBe(1); // the next run waits for its time
      clock.advance(60_000);
      await expect.poll(() => runs, { timeout: 5000 }).toBe(2);
    } finally {
      await worker.stop();
      await second.stop();
    }
    await db().delete(jobs).where(inArray(jobs.queue, [q, marker]));
  });

  it('does not queue a recurring job again when a worker starts while another runs it', async () => {
    const q = newQueue();
    let runs = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const marker = newQueue();
    const handlers: JobHandlers = {
      [q]: {
        everyMs: 60_000,
        run: async () => {
          runs += 1;
          await held;
        },
      },
      [marker]: { run: async () => undefined },
    };
    const worker = await startJobWorker(t.deps, handlers, { concurrency: 1, pollMs: 20, log: t.log });
    let second: Awaited<ReturnType<typeof startJobWorker>> | undefined;
    try {
      await expect.poll(() => runs, { timeout: 5000 }).toBe(1);
      // A second process starts while the first runs the job: it schedules nothing (its start has scheduled what it
      // would), and nothing runs twice (the first worker is busy, so the second one runs the marker).
      second = await startJobWorker(t.deps, handlers, { concurrency: 1, pollMs: 20, log: t.log });
      await afterAJobQueuedLast(marker);
      expect(runs).toBe(1);
      expect((await rowsOf(q)).map((r: JobRow) => r.status)).toEqual(['running']);
      release();
      // The run that ends queues the next, after its interval.
      await expect.poll(async () => (await rowsOf(q)).filter((r: JobRow) => r.status === 'queued').length, { timeout: 5000 }).toBe(1);
      await afterAJobQueuedLast(marker);
      expect(runs).toBe(1);
    } finally {
      release();
      await worker.stop();
      await second?.stop();
    }
    await db().delete(jobs).where(inArray(jobs.queue, [q, marker]));
  });
});
