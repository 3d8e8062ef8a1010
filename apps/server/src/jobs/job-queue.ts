/**
 * The durable job queue in PostgreSQL (docs/background-jobs.md): enqueue, claim with
 * FOR UPDATE SKIP LOCKED under a lease, renew, finish, retry with back-off, recover from crashes.
 * Every function takes the database (or a transaction) so work can be queued atomically with the
 * change that calls for it.
 */
import { and, asc, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { jobs, type JobRow } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';

type Conn = Db | Tx;

export interface EnqueueOptions {
  /** Lower runs first; interactive work (an upload) goes before bulk work (a re-tag). */
  priority?: number;
  runAt?: Date;
  maxAttempts?: number;
  /** At most one queued job per (queue, key): enqueueing again while one waits does nothing. */
  singletonKey?: string;
}

export interface NewJob {
  payload: Record<string, unknown>;
  singletonKey?: string;
}

/** Queues jobs; returns how many were added (a queued job with the same singleton key is kept, not doubled). */
export async function enqueueJobs(conn: Conn, clock: Clock, queue: string, items: NewJob[], options: EnqueueOptions = {}): Promise<number> {
  if (items.length === 0) return 0;
  const now = clock.now();
  let added = 0;
  // Parameters are bounded per statement; large batches (a whole catalog) go in slices.
  for (let i = 0; i < items.length; i += 1000) {
    const rows = await conn
      .insert(jobs)
      .values(
        items.slice(i, i + 1000).map((item) => ({
          queue,
          payload: item.payload,
          priority: options.priority ?? 0,
          runAt: options.runAt ?? now,
          maxAttempts: options.maxAttempts ?? 5,
          singletonKey: item.singletonKey ?? options.singletonKey ?? null,
          createdAt: now,
        })),
      )
      .onConflictDoNothing({
        target: [jobs.queue, jobs.singletonKey],
        where: sql`${jobs.status} = 'queued' and ${jobs.singletonKey} is not null`,
      })
      .returning({ id: jobs.id });
    added += rows.length;
  }
  notifyEnqueued(queue);
  return added;
}

export function enqueueJob(conn: Conn, clock: Clock, queue: string, payload: Record<string, unknown>, options: EnqueueOptions = {}) {
  return enqueueJobs(conn, clock, queue, [{ payload }], options);
}

/**
 * Queues a job under its singleton key unless one with that key is queued or running: a recurring job
 * (docs/background-jobs.md). The singleton key alone keeps one queued; a worker starting while another runs the job
 * would otherwise queue it again at once, and it would run twice within its interval. One statement, so that a run
 * claimed between a look and an insert cannot slip through: a concurrent insert meets the queued row's unique index.
 */
export async function enqueueUnlessActive(
  conn: Conn,
  clock: Clock,
  queue: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions & { singletonKey: string },
): Promise<number> {
  const now = clock.now().toISOString();
  const runAt = options.runAt?.toISOString() ?? now;
  const result = await conn.execute(sql`
    insert into ${jobs} (queue, payload, priority, run_at, max_attempts, singleton_key, created_at)
    select ${queue}, ${JSON.stringify(payload)}::jsonb, ${options.priority ?? 0}, ${runAt}::timestamptz, ${options.maxAttempts ?? 5},
      ${options.singletonKey}, ${now}::timestamptz
    where not exists (
      select 1 from ${jobs} where queue = ${queue} and singleton_key = ${options.singletonKey} and status in ('queued', 'running')
    )
    on conflict (queue, singleton_key) where status = 'queued' and singleton_key is not null do nothing
    returning id`);
  notifyEnqueued(queue);
  return result.rows.length;
}

/** Takes up to `limit` due jobs of these queues for this worker, under a lease of `leaseMs`. */
export async function claimJobs(db: Db, clock: Clock, workerId: string, queues: string[], limit: number, leaseMs: number): Promise<JobRow[]> {
  if (queues.length === 0 || limit <= 0) return [];
  const now = clock.now();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now), inArray(jobs.queue, queues)))
      .orderBy(asc(jobs.priority), asc(jobs.runAt), asc(jobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: workerId,
        lockedUntil: new Date(now.getTime() + leaseMs),
      })
      .where(inArray(
        jobs.id,
        due.map((d) => d.id),
      ))
      .returning();
    const order = new Map(due.map((d, i) => [d.id, i]));
    return claimed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  });
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/**
 * Puts one job back in the queue. When another job with its singleton key is already queued, that
 * one covers the same work (it reads the current state when it runs), so this one is removed instead.
 */
type JobChanges = Partial<Omit<typeof jobs.$inferInsert, 'attempts'>> & { attempts?: SQL };

async function backToQueue(db: Db, id: number, where: SQL, set: JobChanges): Promise<'queued' | 'dropped' | 'gone'> {
  try {
    const rows = await db
      .update(jobs)
      .set({ ...set, status: 'queued', lockedBy: null, lockedUntil: null })
      .where(and(eq(jobs.id, id), where))
      .returning({ id: jobs.id });
    return rows.length ? 'queued' : 'gone';
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const rows = await db.delete(jobs).where(and(eq(jobs.id, id), where)).returning({ id: jobs.id });
    return rows.length ? 'dropped' : 'gone';
  }
}

/** Extends the lease of a job this worker holds; false when it is no longer this worker's. */
export async function renewLease(db: Db, clock: Clock, job: Pick<JobRow, 'id'>, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: new Date(clock.now().getTime() + leaseMs) })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Marks a job done; false when the lease was lost meanwhile (another worker owns it now). */
export async function completeJob(db: Db, clock: Clock, job: Pick<JobRow, 'id'>, workerId: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    // locked_by stays: which worker ran it.
    .set({ status: 'done', finishedAt: clock.now(), lockedUntil: null, lastError: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/** Exponential back-off with jitter: about 5 s, 20 s, 80 s, … capped at 15 minutes. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(15 * 60_000, 5_000 * 4 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

export type FailOutcome = 'retrying' | 'failed' | 'lost';

/** Records a failed attempt: queued again after a back-off, or failed for good once attempts are spent (or `permanent`). */
export async function failJob(
  db: Db,
  clock: Clock,
  job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts'>,
  workerId: string,
  message: string,
  permanent = false,
): Promise<FailOutcome> {
  const now = clock.now();
  const mine = and(eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'))!;
  if (permanent || job.attempts >= job.maxAttempts) {
    const rows = await db
      .update(jobs)
      .set({ status: 'failed', finishedAt: now, lockedUntil: null, lastError: message })
      .where(and(eq(jobs.id, job.id), mine))
      .returning({ id: jobs.id });
    return rows.length ? 'failed' : 'lost';
  }
  const outcome = await backToQueue(db, job.id, mine, { runAt: new Date(now.getTime() + retryDelayMs(job.attempts)), lastError: message });
  return outcome === 'gone' ? 'lost' : 'retrying';
}

/** Gives a job back untouched (shutdown before it could finish): the attempt does not count. */
export async function releaseJob(db: Db, job: Pick<JobRow, 'id'>, workerId: string): Promise<void> {
  await backToQueue(db, job.id, and(eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'))!, {
    attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
  });
}

/**
 * Jobs whose worker stopped renewing its lease (the process died): queued again, or failed once
 * they have used every attempt. With `all`, every running job is taken back — only safe when no
 * other process can be working, as with the embedded database (one process holds the data folder).
 */
export async function recoverAbandonedJobs(db: Db, clock: Clock, options: { all?: boolean } = {}): Promise<{ requeued: JobRow[]; failed: JobRow[] }> {
  const now = clock.now();
  const abandoned = (options.all ? eq(jobs.status, 'running') : and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now)))!;
  const message = 'The worker running this job stopped before it finished.';
  const failed = await db
    .update(jobs)
    .set({ status: 'failed', finishedAt: now, lockedUntil: null, lastError: message })
    .where(and(abandoned, sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
    .returning();
  const requeued: JobRow[] = [];
  for (const job of await db.select().from(jobs).where(abandoned)) {
    if ((await backToQueue(db, job.id, abandoned, { runAt: now, lastError: message })) === 'queued') requeued.push(job);
  }
  return { requeued, failed };
}

/** Finished jobs are kept a while for inspection, then removed. */
export async function pruneFinishedJobs(db: Db, before: Date): Promise<void> {
  await db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)));
}

// Workers in this process wake at once when work is queued here; others find it on their next poll.
const listeners = new Set<(queue: string) => void>();
export function onEnqueued(listener: (queue: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function notifyEnqueued(queue: string): void {
  for (const listener of listeners) listener(queue);
}
