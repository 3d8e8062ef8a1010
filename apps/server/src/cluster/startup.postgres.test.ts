/**
 * Starting, answering a load balancer and stopping, on a PostgreSQL server (docs/reliability.md#starting-several-processes):
 * processes starting together migrate and seed once, /api/ready tells a database that does not answer, and a
 * stopping process finishes the request and the job it has in hand.
 */
import net from 'node:net';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.js';
import { jobs, users } from '../db/schema.js';
import { seedIfEmpty } from '../seed/seed-once.js';
import { createTestApp, freshPostgres } from '../test/helper.js';
import { FaultProxy } from '../test/fault-proxy.js';
import { exited, startServerProcess, type ServerProcess } from '../test/server-process.js';
import { createLocalStorage } from '../adapters/storage/local-storage.js';
import { systemClock } from '../lib/clock.js';
import { queueRenderWorkload } from '../modules/previews/render-workload.js';
import { RENDER_QUEUE } from '../modules/previews/previews.service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const journal = JSON.parse(readFileSync(path.resolve(here, '../../drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
const cleanups: Array<() => Promise<unknown> | unknown> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function databases(n: number): Promise<Database[]> {
  const pgServer = await freshPostgres();
  const opened = await Promise.all(Array.from({ length: n }, () => openDatabase({ url: pgServer.url, poolSize: 2 })));
  cleanups.push(async () => {
    for (const database of opened) await database.close();
    await pgServer.drop();
  });
  return opened;
}

/** Sessions of this database that wait for an advisory lock (the start-up lock). */
async function waitingOnALock(database: Database): Promise<number> {
  const { rows } = await database.db.$client.query<{ n: string }>(
    "select count(*) as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
  );
  return Number(rows[0]!.n);
}

describe('processes starting together on one PostgreSQL server', () => {
  it('migrate one at a time: every migration runs once and each start succeeds', async () => {
    const opened = await databases(4);
    await Promise.all(opened.map((database) => database.migrate()));
    const { rows } = await opened[0]!.db.$client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
    expect(Number(rows[0]!.n)).toBe(journal.entries.length);
  });

  it('seed an empty store once: the others find it seeded', async () => {
    const opened = await databases(3);
    await opened[0]!.migrate();
    let seeds = 0;
    const seeded = await Promise.all(
      opened.map((database, i) =>
        seedIfEmpty(database, async () => {
          seeds += 1;
          // It seeds while the others wait on the lock.
          await expect.poll(() => waitingOnALock(database), { timeout: 10_000 }).toBe(opened.length - 1);
          await database.db.insert(users).values({ email: `seeded-${i}@example.test`, fullName: 'Seeded', passwordHash: 'x' });
        }),
      ),
    );
    expect(seeds).toBe(1);
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const [row] = await opened[0]!.db.select({ n: count() }).from(users);
    expect(row!.n).toBe(1);
    expect(await seedIfEmpty(opened[1]!, async () => undefined)).toBe(false);
  });

  it('in production, a missing TOKEN_SECRET stops the start with a readable message', async () => {
    const pgServer = await freshPostgres();
    cleanups.push(() => pgServer.drop());
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-start-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const failure = (await startServerProcess({ NODE_ENV: 'production', DATABASE_URL: pgServer.url, DATA_DIR: dataDir, TOKEN_SECRET: '' }, 180_000).then(
      () => null,
      (error: unknown) => error,
    )) as { code: number; output: string } | null;
    expect(failure).not.toBeNull();
    expect(failure!.code).toBe(1);
    expect(failure!.output).toContain('Cannot start Beat Market: TOKEN_SECRET: required in production');
  }, 240_000);
});

describe('GET /api/ready', () => {
  it('answers 503 with the reason when the database does not answer within a second, and 200 when it does', async () => {
    let proxy: FaultProxy | undefined;
    const t = await createTestApp({
      connectThrough: async (databaseUrl) => {
        proxy = await FaultProxy.before(databaseUrl);
        return proxy.url;
      },
    });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);

      proxy!.freeze({ newConnections: true });
      const started = Date.now();
      const stalled = await t.app.inject({ method: 'GET', url: '/api/ready' });
      const took = Date.now() - started;
      expect(stalled.statusCode).toBe(503);
      expect(stalled.json()).toEqual({ message: 'Not ready: the database did not answer within 1 s.' });
      expect(took).toBeGreaterThanOrEqual(950);
      expect(took).toBeLessThan(3_000);
      // The process itself is alive: health does not ask the database.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      // Stuck connections end with the proxy, so the pool can close.
      await proxy?.stop();
      await t.close();
    }
  });
});

describe('GET /api/ready with REDIS_URL', () => {
  it('answers 503 with the reason when Redis does not answer within a second', async () => {
    // Accepts connections and never answers: a Redis that hangs.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${(silent.address() as net.AddressInfo).port}` } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      const { message } = res.json<{ message: string }>();
      expect(message).toMatch(/^Not ready: the shared counters \(Redis\)/);
      expect(message).not.toMatch(/database/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await t.close();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

/**
 * A request whose body arrives in two parts: `between` runs once the server has the first (a health check on
 * another connection answered after it was sent), and the rest follows `gapMs` later.
 */
function slowRequest(url: string, between: () => void, gapMs: number): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify({ email: 'nobody-here@example.test', password: 'not-the-password' });
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: hostname, port, method: 'POST', path: '/api/login', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.write(payload.slice(0, 10));
    // A busy server may read its sockets late: the health check's response shows it has read this one's head.
    setTimeout(() => {
      void fetch(`${url}/api/health`).then(() => {
        between();
        setTimeout(() => request.end(payload.slice(10)), gapMs);
      }, reject);
    }, 100);
  });
}

describe('a stopping process (SIGTERM)', () => {
  it('answers the request in flight and finishes, or hands back, the job in hand', async () => {
    const pgServer = await freshPostgres();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-drain-'));
    const started: ServerProcess[] = [];
    const database = await openDatabase({ url: pgServer.url, poolSize: 2 });
    cleanups.push(async () => {
      for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await database.close();
      await pgServer.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    await database.migrate();
    await queueRenderWorkload({ db: database.db, storage: createLocalStorage(path.join(dataDir, 'files')), clock: systemClock }, 1, 30);
    const server = await startServerProcess({ DATABASE_URL: pgServer.url, DATA_DIR: dataDir, WORKER_CONCURRENCY: '1', TOKEN_SECRET: 'drain-test-secret-0123456789-0123456789' }, 180_000);
    started.push(server);

    const status = async () => (await database.db.select().from(jobs).where(eq(jobs.queue, RENDER_QUEUE)))[0]?.status;
    await expect.poll(status, { timeout: 60_000, interval: 50, message: 'the render job starts' }).toBe('running');
    const child = server.child;
    const answer = await slowRequest(server.url, () => child.kill('SIGTERM'), 500);
    // The request that was half sent when the signal came is answered in full.
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
    // New connections are no longer taken.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    expect(await exited(child)).toBe(0);

    const [job] = await database.db.select().from(jobs).where(eq(jobs.queue, RENDER_QUEUE));
    // Finished within the grace period, or handed back without its attempt counting.
    expect([job!.status, job!.attempts]).toSatisfy(([status, attempts]: [string, number]) =>
      (status === 'done' && attempts === 1) || (status === 'queued' && attempts === 0),
    );
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  }, 300_000);
});
