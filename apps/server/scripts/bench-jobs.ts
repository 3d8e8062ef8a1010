/**
 * The job system's throughput (docs/scaling.md#the-job-system): how many jobs a second one worker and
 * several workers finish on a scratch database, each job a small write as a real one makes (a mail row,
 * a refund's bookkeeping). Run alone: `npx tsx scripts/bench-jobs.ts` (BENCH_DATABASE_URL or DATABASE_URL
 * for a PostgreSQL server; without one, the embedded database in a temp folder). BENCH_JOBS sets how many.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { scratchPostgres } from './scratch-postgres.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { jobs } from '../src/db/schema.js';
import { enqueueJobs } from '../src/jobs/job-queue.js';
import { silentLog, startJobWorker, type JobHandlers } from '../src/jobs/job-worker.js';
import { systemClock } from '../src/lib/clock.js';

const QUEUE = 'bench.write';
const JOBS = Number(process.env.BENCH_JOBS ?? 3000);

export interface JobThroughput {
  database: 'embedded' | 'postgres';
  workers: number;
  concurrency: number;
  jobs: number;
  seconds: number;
  perSecond: number;
}

async function withScratchDatabase<T>(postgresUrl: string, use: (database: Database) => Promise<T>): Promise<T> {
  if (!postgresUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-jobs-'));
    const database = await openDatabase({ pgliteDir: dir });
    try {
      await database.migrate();
      return await use(database);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const scratch = await scratchPostgres(postgresUrl, 'beat_bench_jobs');
  const database = await openDatabase({ url: scratch.url });
  try {
    await database.migrate();
    return await use(database);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

/** Queues `JOBS` jobs, then lets `workers` workers of `concurrency` each drain them; returns jobs per second. */
async function drain(database: Database, workers: number, concurrency: number): Promise<number> {
  const deps = { db: database.db, clock: systemClock };
  await database.db.execute(sql`create table if not exists bench_job_writes (id serial primary key, job_id bigint not null, at timestamptz not null default now())`);
  await database.db.delete(jobs).where(eq(jobs.queue, QUEUE));
  await enqueueJobs(database.db, systemClock, QUEUE, Array.from({ length: JOBS }, (_, i) => ({ payload: { n: i } })));
  const handlers: JobHandlers = {
    [QUEUE]: {
      async run(_payload, { job }) {
        await database.db.execute(sql`insert into bench_job_writes (job_id) values (${job.id})`);
      },
    },
  };
  const started = performance.now();
  const running = await Promise.all(
    Array.from({ length: workers }, () => startJobWorker(deps, handlers, { concurrency, log: silentLog, pollMs: 50 })),
  );
  for (;;) {
    const [row] = await database.db
      .select({ left: count() })
      .from(jobs)
      .where(sql`${jobs.queue} = ${QUEUE} and ${jobs.status} in ('queued', 'running')`);
    if ((row?.left ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(running.map((worker) => worker.stop()));
  return seconds;
}

export async function measureJobThroughput(postgresUrl: string): Promise<JobThroughput[]> {
  return withScratchDatabase(postgresUrl, async (database) => {
    const results: JobThroughput[] = [];
    const shapes = postgresUrl
      ? [
          { workers: 1, concurrency: 4 },
          { workers: 3, concurrency: 4 },
        ]
      : [{ workers: 1, concurrency: 4 }];
    for (const shape of shapes) {
      const seconds = await drain(database, shape.workers, shape.concurrency);
      results.push({
        database: postgresUrl ? 'postgres' : 'embedded',
        ...shape,
        jobs: JOBS,
        seconds,
        perSecond: JOBS / seconds,
      });
    }
    return results;
  });
}

export function formatJobThroughput(result: JobThroughput): string {
  return (
    `  jobs (${result.database}): ${result.workers} worker${result.workers > 1 ? 's' : ''} × ${result.concurrency}: ` +
    `${result.jobs} jobs in ${result.seconds.toFixed(1)} s, ${Math.round(result.perSecond)} jobs/s`
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';
  for (const result of [...(await measureJobThroughput('')), ...(postgresUrl ? await measureJobThroughput(postgresUrl) : [])]) {
    console.log(formatJobThroughput(result));
  }
}
