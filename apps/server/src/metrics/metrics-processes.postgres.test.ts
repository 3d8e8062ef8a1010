/**
 * Several server processes on one PostgreSQL server (docs/metrics.md#several-processes): each serves its own
 * /metrics with its own counts, and the gauges read from the shared database are the same from each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { enqueueJob } from '../jobs/job-queue.js';
import { systemClock } from '../lib/clock.js';
import { freshPostgres } from '../test/helper.js';
import { exited, startServerProcess, type ServerProcess } from '../test/server-process.js';
import { parseMetrics, samplesOf, valueOf, type Sample } from '../test/metrics-text.js';

const token = randomBytes(24).toString('hex');

async function scrape(server: ServerProcess): Promise<Sample[]> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-metrics-'));
const started: ServerProcess[] = [];
let pgServer: Awaited<ReturnType<typeof freshPostgres>> | undefined;
let database: Database | undefined;

afterAll(async () => {
  for (const { child } of started) if (child.exitCode === null) child.kill('SIGTERM');
  for (const { child } of started) await exited(child);
  await database?.close();
  await pgServer?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('metrics of several processes', () => {
  it('are each process’s own, with the same database gauges in each', async () => {
    pgServer = await freshPostgres();
    const env = { DATABASE_URL: pgServer.url, DATA_DIR: dataDir, METRICS_TOKEN: token, TOKEN_SECRET: 'metrics-processes-secret-0123456789-0123' };
    // One process runs the background jobs, the other serves requests only.
    const starting = [startServerProcess({ ...env, WORKER_CONCURRENCY: '1' }, 180_000), startServerProcess({ ...env, WORKER_CONCURRENCY: '0' }, 180_000)];
    for (const start of starting) void start.then((server) => started.push(server), () => undefined);
    const [worker, web] = (await Promise.all(starting)) as [ServerProcess, ServerProcess];
    database = await openDatabase({ url: pgServer.url, poolSize: 1 });
    for (let i = 0; i < 3; i++) expect((await fetch(`${worker.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${web.url}/api/health`)).status).toBe(200);
    const queue = `metrics.shared-${randomBytes(3).toString('hex')}`;
    await enqueueJob(database.db, systemClock, queue, {});

    const [fromWorker, fromWeb] = [await scrape(worker), await scrape(web)];
    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect([valueOf(fromWorker, 'beat_market_http_requests_total', health), valueOf(fromWeb, 'beat_market_http_requests_total', health)]).toEqual([3, 1]);
    // The recurring jobs ran in the process with a worker only.
    await expect
      .poll(async () => samplesOf(await scrape(worker), 'beat_market_job_runs_total', { outcome: 'done' }).length, { timeout: 60_000 })
      .toBeGreaterThan(0);
    expect(samplesOf(await scrape(web), 'beat_market_job_runs_total')).toEqual([]);
    // The queue is the shared database's: both processes see the job waiting.
    for (const samples of [fromWorker, fromWeb]) {
      expect(valueOf(samples, 'beat_market_database_up')).toBe(1);
      expect(valueOf(samples, 'beat_market_jobs_waiting', { queue })).toBe(1);
      expect(valueOf(samples, 'beat_market_database_pool_max')).toBe(10);
      expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    }
  }, 300_000);
});
