/**
 * Gauges read from the database when /metrics is scraped (docs/metrics.md): the job queues and the e-mail outbox. One
 * read answers every gauge of a scrape, bounded by a short timeout so that a slow database never holds the scrape;
 * when it does not answer in time, `beat_market_database_up` is 0 and these gauges are left out.
 */
import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/client.js';
import { jobs, mailOutbox } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { within } from '../lib/within.js';
import { MAIL_QUEUE } from '../adapters/mail/smtp-mailer.js';

export const DATABASE_GAUGES_TIMEOUT_MS = 1_000;

type QueueRow = {
  queue: string;
  waiting: number;
  scheduled: number;
  running: number;
  failed: number;
  oldest_waiting_seconds: number | null;
};

type OutboxRow = {
  backlog: number;
  oldest_seconds: number | null;
};

interface Reading {
  queues: QueueRow[];
  /** Null without SMTP: nothing delivers the outbox then, so it has no backlog. */
  outbox: OutboxRow | null;
}

export interface DatabaseGaugeOptions {
  db: Db;
  clock: Clock;
  /** Whether e-mail is delivered over SMTP (the outbox then has a backlog to measure). */
  delivers: boolean;
  log: { warn(obj: object, msg: string): void };
  timeoutMs?: number;
}

async function read(db: Db, now: Date, delivers: boolean, timeoutMs: number): Promise<Reading> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    // The server gives up too, so a read the scrape stopped waiting for does not keep a connection.
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.ceil(timeoutMs)}`));
    // Every job not done, by queue: few rows (done jobs are most of the table), counted in one pass.
    const queues = await tx.execute<QueueRow>(sql`
      select queue,
        count(*) filter (where status = 'queued' and run_at <= ${at}::timestamptz)::int as waiting,
        count(*) filter (where status = 'queued' and run_at > ${at}::timestamptz)::int as scheduled,
        count(*) filter (where status = 'running')::int as running,
        count(*) filter (where status = 'failed')::int as failed,
        extract(epoch from ${at}::timestamptz - min(run_at) filter (where status = 'queued' and run_at <= ${at}::timestamptz))::float8
          as oldest_waiting_seconds
      from ${jobs}
      where status in ('queued', 'running', 'failed')
      group by queue`);
    if (!delivers) return { queues: queues.rows, outbox: null };
    // Messages not delivered yet whose delivery is still being tried: one given up on is a failed mail.send job.
    const outbox = await tx.execute<OutboxRow>(sql`
      select count(*)::int as backlog, extract(epoch from ${at}::timestamptz - min(o.created_at))::float8 as oldest_seconds
      from ${jobs} j
      join ${mailOutbox} o on o.id = (j.payload ->> 'outboxId')::uuid
      where j.queue = ${MAIL_QUEUE} and j.status in ('queued', 'running') and o.sent_at is null`);
    return { queues: queues.rows, outbox: outbox.rows[0] ?? { backlog: 0, oldest_seconds: null } };
  });
}

const seconds = (value: number | null) => Math.max(0, value ?? 0);

export function registerDatabaseGauges(registry: Registry, options: DatabaseGaugeOptions): void {
  const timeoutMs = options.timeoutMs ?? DATABASE_GAUGES_TIMEOUT_MS;
  const registers = [registry];
  /** Queues seen once keep being reported (at 0), so a series does not vanish when its queue empties. */
  const seen = new Set<string>();
  /** The read of the scrape in progress: every gauge's collect() of one scrape shares it. */
  let reading: Promise<Reading | null> | null = null;

  const current = () =>
    (reading ??= (async () => {
      const work = read(options.db, options.clock.now(), options.delivers, timeoutMs);
      work.catch(() => undefined);
      try {
        return await within(work, timeoutMs, 'the database');
      } catch (error) {
        options.log.warn({ err: error }, 'metrics: the database gauges could not be read');
        return null;
      } finally {
        reading = null;
      }
    })());

  const byQueue = (name: string, help: string, value: (row: QueueRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers,
      async collect() {
        const found = await current();
        this.reset();
        if (!found) return;
        for (const row of found.queues) seen.add(row.queue);
        const rows = new Map(found.queues.map((row) => [row.queue, row]));
        for (const queue of seen) {
          const row = rows.get(queue);
          this.set({ queue }, row ? value(row) : 0);
        }
      },
    });

  new Gauge({
    name: 'beat_market_database_up',
    help: 'Whether the database answered this scrape’s reads (job queues, outbox) within 1 s: 1 or 0; without it those gauges are left out.',
    registers,
    async collect() {
      this.set((await current()) ? 1 : 0);
    },
  });
  byQueue('beat_market_jobs_waiting', 'Jobs due to run and waiting for a worker, by queue: the queue depth.', (row) => row.waiting);
  byQueue('beat_market_jobs_scheduled', 'Jobs queued to run later (a recurring job’s next run, an offer’s expiry), by queue.', (row) => row.scheduled);
  byQueue('beat_market_jobs_running', 'Jobs a worker (of any process) is running, by queue.', (row) => row.running);
  byQueue('beat_market_jobs_failed', 'Jobs that failed for good, kept a week after they failed, by queue.', (row) => row.failed);
  byQueue(
    'beat_market_jobs_oldest_waiting_age_seconds',
    'How long the longest-waiting due job has waited since it was due, by queue (0 when none waits).',
    (row) => seconds(row.oldest_waiting_seconds),
  );
  if (!options.delivers) return;
  new Gauge({
    name: 'beat_market_mail_outbox_backlog',
    help: 'E-mails in the outbox not delivered yet whose delivery (mail.send) is queued or running.',
    registers,
    async collect() {
      const found = await current();
      this.reset();
      if (found?.outbox) this.set(found.outbox.backlog);
    },
  });
  new Gauge({
    name: 'beat_market_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest e-mail of the backlog, from when it was written (0 when there is none).',
    registers,
    async collect() {
      const found = await current();
      this.reset();
      if (found?.outbox) this.set(seconds(found.outbox.oldest_seconds));
    },
  });
}
