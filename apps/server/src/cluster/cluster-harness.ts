/**
 * Several real server processes (`tsx src/server.ts`) on one fresh PostgreSQL database, one Redis (a key prefix of
 * their own) and one S3-compatible server (s3rver on loopback), behind the round-robin proxy of `npm run cluster`
 * (docs/reliability.md#several-processes). Each process has its own data folder, as on separate machines: what
 * they share is only what the cluster shares.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../../../scripts/cluster-proxy.mjs';
import { loadConfig, type Config } from '../config/env.js';
import { openDatabase, type Database } from '../db/client.js';
import { freshPostgres } from '../test/helper.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { exited, startServerProcess, type ServerProcess } from '../test/server-process.js';

export const CLUSTER_TOKEN_SECRET = 'cluster-secret-shared-by-every-process-0123456789';

export interface Cluster {
  /** Each process's own address, in start order. */
  servers: ServerProcess[];
  urls: string[];
  proxy: RoundRobinProxy;
  /** The test's own connection to the cluster's database. */
  database: Database;
  /** The settings every process was started with. */
  env: Record<string, string>;
  /** The same settings as a config, for the test's own storage and providers. */
  config: Config;
  /** The processes' pids, in start order (job workers are named host:pid:…). */
  pids: number[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  size?: number;
  env?: Record<string, string>;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const size = options.size ?? 3;
  const pgServer = await freshPostgres();
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let s3: TestS3Server | undefined;
  let proxy: RoundRobinProxy | undefined;
  let database: Database | undefined;
  const stop = async () => {
    await proxy?.close();
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => exited(s.child)));
    await database?.close();
    await pgServer.drop();
    await s3?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    s3 = await startS3Server(`cluster-${randomBytes(4).toString('hex')}`);
    const env: Record<string, string> = {
      DATABASE_URL: pgServer.url,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      // Each file's counters under keys of its own: other test files share the Redis server.
      REDIS_KEY_PREFIX: `beat-cluster-${randomBytes(5).toString('hex')}`,
      ...s3.env,
      TOKEN_SECRET: CLUSTER_TOKEN_SECRET,
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_SCALE: '1',
      WORKER_CONCURRENCY: '1',
      // A dead process's jobs are taken back by the others within seconds, not half a minute.
      JOB_LEASE_MS: '2000',
      ...options.env,
    };
    // Started together on an empty database: one migrates under the start-up lock while the others wait.
    const started = await Promise.allSettled(
      Array.from({ length: size }, () => {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-cluster-'));
        dataDirs.push(dataDir);
        return startServerProcess({ ...env, DATA_DIR: dataDir }, 180_000);
      }),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const urls = servers.map((s) => s.url);
    proxy = await startRoundRobinProxy({ targets: urls });
    database = await openDatabase({ url: pgServer.url, poolSize: 4 });
    const config = loadConfig({ ...env, NODE_ENV: 'development', DATA_DIR: dataDirs[0]!, LOG_LEVEL: 'silent' });
    return { servers, urls, proxy, database, env, config, pids: servers.map((s) => s.child.pid!), stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/** A JSON call to one process (or the proxy); `from` names the client's address through X-Forwarded-For. */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; from?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.from) headers['x-forwarded-for'] = options.from;
  const res = await fetch(`${base}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), redirect: 'manual' });
  const text = await res.text();
  let body: unknown = { text };
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (a page, a redirect): kept as { text }
  }
  return { status: res.status, body: body as T };
}

/** A fresh client address for each test, so per-address limits of one test never touch another's. */
let addressCounter = 10;
export const nextAddress = () => `198.51.100.${addressCounter++}`;
