/**
 * Several real server processes (`tsx src/server.ts`) on one fresh PostgreSQL database, one Redis (a key prefix of
 * their own) and one S3-compatible server (s3rver on loopback), behind nginx with the project's configuration
 * (scripts/nginx.mjs, deploy/nginx-proxy.conf), as `npm run cluster` runs them (docs/reliability.md#several-processes). Each process has its own data folder, as on separate machines: what
 * they share is only what the cluster shares.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { startNginx, type Nginx } from '../../../../scripts/nginx.mjs';
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
  /** nginx in front of the processes; `served()` counts each process's answers. */
  proxy: Nginx;
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
  /** Where files are kept: the shared S3 bucket (the default), or each process's own data folder (for one process). */
  files?: 's3' | 'local';
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const size = options.size ?? 3;
  const pgServer = await freshPostgres();
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let s3: TestS3Server | undefined;
  let proxy: Nginx | undefined;
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
    if (options.files !== 'local') s3 = await startS3Server(`cluster-${randomBytes(4).toString('hex')}`);
    const env: Record<string, string> = {
      DATABASE_URL: pgServer.url,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      // Each file's counters under keys of its own: other test files share the Redis server.
      REDIS_KEY_PREFIX: `beat-cluster-${randomBytes(5).toString('hex')}`,
      ...s3?.env,
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
    proxy = await startNginx({ targets: urls, logUpstreams: true });
    database = await openDatabase({ url: pgServer.url, poolSize: 4 });
    const config = loadConfig({ ...env, NODE_ENV: 'development', DATA_DIR: dataDirs[0]!, LOG_LEVEL: 'silent' });
    return { servers, urls, proxy, database, env, config, pids: servers.map((s) => s.child.pid!), stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/**
 * A JSON call to one process (or to nginx). `from` is the client's address: the request is sent from it (any
 * 127.x.y.z is this machine's), and names it in X-Forwarded-For too, which a process reached directly believes
 * (TRUST_PROXY=loopback) and nginx replaces with the address it sees, the same one.
 */
export function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; from?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { ...options.headers };
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(payload.length);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.from) headers['x-forwarded-for'] ??= options.from;
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, { method, headers, localAddress: options.from, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = { text };
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON (a page, a redirect): kept as { text }
        }
        resolve({ status: response.statusCode ?? 0, body: body as T });
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** A fresh client address for each test (a loopback one, so that requests can come from it), so per-address limits of one test never touch another's. */
let addressCounter = 10;
export const nextAddress = () => `127.1.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;
