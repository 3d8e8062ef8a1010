/**
 * Runs queued jobs in this process: claims what is due (several workers, in one process or many,
 * never run the same job), renews each lease while its handler works, retries failures with
 * back-off and reschedules recurring jobs. See docs/background-jobs.md.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/client.js';
import type { JobRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { Metrics } from '../metrics/metrics.js';
import { isDatabaseUnavailable } from '../lib/database-errors.js';
import {
  claimJobs,
  completeJob,
  enqueueJob,
  enqueueUnlessActive,
  failJob,
  onEnqueued,
  pruneFinishedJobs,
  recoverAbandonedJobs,
  releaseJob,
  renewLease,
} from './job-queue.js';

/** A failure that retrying cannot fix (a file that does not decode): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface JobContext {
  job: JobRow;
  /** Aborted when the lease is lost or the worker stops: stop and throw. */
  signal: AbortSignal;
}

export interface JobHandler {
  run(payload: Record<string, unknown>, context: JobContext): Promise<void>;
  /** Called once when the job has failed for good (attempts spent, a permanent error, or abandoned too often). */
  onFailed?(payload: Record<string, unknown>, message: string): Promise<void>;
  /** Run again this long after each run ends (the job is kept queued under one singleton key). */
  everyMs?: number;
}

export type JobHandlers = Record<string, JobHandler>;

export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WorkerDeps {
  db: Db;
  clock: Clock;
  /** Counts each run by queue and outcome, for GET /metrics (docs/metrics.md). */
  metrics?: Pick<Metrics, 'jobRun'>;
}

export interface WorkerOptions {
  concurrency: number;
  log: JobLogger;
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  leaseMs?: number;
  /**
   * Take back every job marked running at start. Only for the embedded database, where the data
   * folder lock proves no other process can be running them.
   */
  recoverAllOnStart?: boolean;
  /** How long stop() waits for jobs in flight before handing them back to the queue. */
  stopGraceMs?: number;
}

export const RECURRING_KEY = 'recurring';
const DEFAULT_LEASE_MS = 30_000;
const KEEP_FINISHED_MS = 7 * 24 * 3600_000;

export const workerId = () => `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs one claimed job to its end: done, retried later, or failed. */
async function runJob(deps: WorkerDeps, handlers: JobHandlers, job: JobRow, id: string, leaseMs: number, log: JobLogger, stopping: AbortSignal): Promise<void> {
  const handler = handlers[job.queue];
  const controller = new AbortController();
  const onStop = () => controller.abort(new Error('The worker is stopping.'));
  stopping.addEventListener('abort', onStop);
  const heartbeat = setInterval(() => {
    renewLease(deps.db, deps.clock, job, id, leaseMs)
      .then((held) => {
        if (!held) controller.abort(new Error('The job lease was lost.'));
      })
      .catch(() => undefined); // a missed renewal is retried on the next beat; the lease is three beats long
  }, Math.max(50, Math.floor(leaseMs / 3)));
  try {
    if (!handler) throw new PermanentJobError(`No handler for queue ${job.queue}.`);
    await handler.run(job.payload, { job, signal: controller.signal });
    if (controller.signal.aborted && stopping.aborted) {
      await releaseJob(deps.db, job, id);
      return;
    }
    if (await completeJob(deps.db, deps.clock, job, id)) deps.metrics?.jobRun(job.queue, 'done');
    else log.warn({ job: job.id, queue: job.queue }, 'job finished after its lease was lost');
  } catch (error) {
    if (stopping.aborted) {
      await releaseJob(deps.db, job, id);
      return;
    }
    const message = errorMessage(error);
    const outcome = await failJob(deps.db, deps.clock, job, id, message, error instanceof PermanentJobError);
    if (outcome !== 'lost') deps.metrics?.jobRun(job.queue, outcome);
    if (outcome === 'failed') {
      log.error({ job: job.id, queue: job.queue, attempts: job.attempts, err: error }, `job failed for good: ${message}`);
      await handler?.onFailed?.(job.payload, message).catch((e: unknown) => log.error({ err: e }, 'job failure hook failed'));
    } else if (outcome === 'retrying') {
      log.warn({ job: job.id, queue: job.queue, attempts: job.attempts }, `job failed, will retry: ${message}`);
    }
  } finally {
    clearInterval(heartbeat);
    stopping.removeEventListener('abort', onStop);
  }
  if (handler?.everyMs) {
    await enqueueJob(deps.db, deps.clock, job.queue, job.payload, {
      singletonKey: RECURRING_KEY,
      runAt: new Date(deps.clock.now().getTime() + handler.everyMs),
      maxAttempts: job.maxAttempts,
    });
  }
}

async function handleRecovered(deps: WorkerDeps, handlers: JobHandlers, log: JobLogger, recovered: { requeued: JobRow[]; failed: JobRow[] }) {
  if (recovered.requeued.length > 0) log.warn({ jobs: recovered.requeued.length }, 'jobs of a stopped worker queued again');
  for (const job of recovered.failed) {
    await handlers[job.queue]?.onFailed?.(job.payload, job.lastError ?? 'The worker stopped.').catch(() => undefined);
  }
}

/** Queues each recurring job unless one is already waiting or running. */
export async function scheduleRecurring(deps: WorkerDeps, handlers: JobHandlers): Promise<void> {
  for (const [queue, handler] of Object.entries(handlers)) {
    if (handler.everyMs) await enqueueUnlessActive(deps.db, deps.clock, queue, {}, { singletonKey: RECURRING_KEY });
  }
}

export interface RunningWorker {
  id: string;
  /** Stops claiming, lets jobs in flight finish (or hands them back after the grace period). */
  stop(): Promise<void>;
}

export async function startJobWorker(deps: WorkerDeps, handlers: JobHandlers, options: WorkerOptions): Promise<RunningWorker> {
  const id = workerId();
  const queues = Object.keys(handlers);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? 1000;
  const stopClaiming = new AbortController();
  const abortJobs = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let wake: (() => void) | null = null;
  let lastRecovery = 0;

  await handleRecovered(deps, handlers, options.log, await recoverAbandonedJobs(deps.db, deps.clock, { all: options.recoverAllOnStart }));
  await scheduleRecurring(deps, handlers);

  const unsubscribe = onEnqueued((queue) => {
    if (queues.includes(queue)) wake?.();
  });

  const loop = async () => {
    while (!stopClaiming.signal.aborted) {
      try {
        const now = Date.now();
        if (now - lastRecovery > leaseMs) {
          lastRecovery = now;
          await handleRecovered(deps, handlers, options.log, await recoverAbandonedJobs(deps.db, deps.clock));
          await pruneFinishedJobs(deps.db, new Date(deps.clock.now().getTime() - KEEP_FINISHED_MS));
        }
        const free = options.concurrency - inFlight.size;
        const claimed = free > 0 ? await claimJobs(deps.db, deps.clock, id, queues, free, leaseMs) : [];
        for (const job of claimed) {
          const run = runJob(deps, handlers, job, id, leaseMs, options.log, abortJobs.signal)
            .catch((error: unknown) =>
              // The database went away mid-job: the lease runs out and the job is queued again once it is back.
              isDatabaseUnavailable(error)
                ? options.log.warn({ err: error, job: job.id }, 'job bookkeeping failed: the database is unavailable')
                : options.log.error({ err: error, job: job.id }, 'job bookkeeping failed'),
            )
            .finally(() => {
              inFlight.delete(run);
              wake?.();
            });
          inFlight.add(run);
        }
        if (claimed.length > 0 && inFlight.size < options.concurrency) continue;
      } catch (error) {
        // A restarting database is expected now and then: the worker keeps polling and carries on once it is back.
        if (isDatabaseUnavailable(error)) options.log.warn({ err: error }, 'job worker could not poll the queue: the database is unavailable');
        else options.log.error({ err: error }, 'job worker could not poll the queue');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          stopClaiming.signal.removeEventListener('abort', done);
          wake = null;
          resolve();
        }
        wake = done;
        stopClaiming.signal.addEventListener('abort', done, { once: true });
      });
    }
  };
  const looping = loop();

  return {
    id,
    async stop() {
      unsubscribe();
      stopClaiming.abort();
      await looping;
      // Jobs in flight may finish; past the grace period they are aborted and handed back to the queue.
      const timer = setTimeout(() => abortJobs.abort(), options.stopGraceMs ?? 10_000);
      await Promise.all(inFlight);
      clearTimeout(timer);
    },
  };
}

/**
 * Runs due jobs in this process until none is left (tests, the demo store's first start).
 * `until` may end it early once a condition holds.
 */
export async function runJobsUntilIdle(
  deps: WorkerDeps,
  handlers: JobHandlers,
  options: { concurrency?: number; log?: JobLogger; leaseMs?: number } = {},
): Promise<number> {
  const id = workerId();
  const queues = Object.keys(handlers).filter((q) => !handlers[q]!.everyMs);
  const log = options.log ?? silentLog;
  const never = new AbortController().signal;
  let ran = 0;
  for (;;) {
    const claimed = await claimJobs(deps.db, deps.clock, id, queues, options.concurrency ?? 2, options.leaseMs ?? DEFAULT_LEASE_MS);
    if (claimed.length === 0) return ran;
    await Promise.all(claimed.map((job) => runJob(deps, handlers, job, id, options.leaseMs ?? DEFAULT_LEASE_MS, log, never)));
    ran += claimed.length;
  }
}

export const silentLog: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
