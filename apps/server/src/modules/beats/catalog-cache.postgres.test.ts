/**
 * Two server processes on one PostgreSQL server, each with its own cache of catalog responses and its own
 * listening connection (docs/decisions/0016-catalog-cache.md): a process's own write is in its very next
 * response even while announcements are held back; another connection's write is in a process's responses once
 * its announcement arrives; a lost listening connection leaves responses correct (each asks the database) until
 * it listens again; closing the app closes the connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { AuthResponse, BeatPage } from '@beat/shared';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/env.js';
import { openDatabase, type Database } from '../../db/client.js';
import { watchCatalogVersion, type CatalogVersion, type CatalogVersionLog } from '../../db/catalog-version.js';
import { finishedWrites } from '../../db/finished-writes.js';
import { beats, users } from '../../db/schema.js';
import { createLocalStorage } from '../../adapters/storage/local-storage.js';
import { hashPassword } from '../auth/passwords.js';
import { createDeps } from '../../runtime.js';
import { freshPostgres } from '../../test/helper.js';
import { FaultProxy } from '../../test/fault-proxy.js';
import { serverLog } from '../../test/server-log.js';

/** Announcements of one process, taken in at once unless held back. */
class Announcements {
  private held: Array<() => void> | null = null;
  readonly deliver = (apply: () => void) => (this.held ? this.held.push(apply) : apply());
  get pending(): number {
    return this.held?.length ?? 0;
  }
  hold(): void {
    this.held ??= [];
  }
  release(): number {
    const held = this.held ?? [];
    this.held = null;
    for (const apply of held) apply();
    return held.length;
  }
}

interface Process {
  app: FastifyInstance;
  database: Database;
  version: CatalogVersion;
  announcements: Announcements;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-catalog-pg-'));
const processes: Process[] = [];
let databaseUrl = '';
let databaseName = '';
/** Another connection to the same database: a write through it is no process's own. */
let other: pg.Client;
/** A connection to the server's first database, to change what the test database allows. */
let admin: pg.Client;
let drop: (() => Promise<void>) | undefined;
let beatId = '';

const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TOKEN_SECRET: 'shared-secret-of-the-two-processes-0123456789', LOG_LEVEL: 'silent' });

async function startProcess(migrate: boolean, log: CatalogVersionLog = serverLog): Promise<Process> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  if (migrate) await database.migrate();
  const announcements = new Announcements();
  const version = watchCatalogVersion(database.db, { log, deliver: announcements.deliver, retryMinMs: 50, retryMaxMs: 200 });
  const app = await buildApp(createDeps(config, database, createLocalStorage(path.join(dataDir, 'files'))), {
    loggerInstance: serverLog,
    catalogVersion: version,
  });
  await app.ready();
  return { app, database, version, announcements };
}

async function until(what: string, holds: () => Promise<boolean> | boolean, deadlineMs = 5_000): Promise<number> {
  const started = performance.now();
  await vi.waitFor(
    async () => {
      if (!(await holds())) throw new Error(`${what}: not within ${deadlineMs} ms`);
    },
    { timeout: deadlineMs, interval: 5 },
  );
  return performance.now() - started;
}

/** The catalog version's attempts to connect its listening connection (of every process here), from now on. */
function listenAttempts() {
  const connect = vi.spyOn(pg.Client.prototype, 'connect');
  const ours = () =>
    connect.mock.contexts.flatMap((client, i) =>
      (client as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters?.application_name === 'beat-market catalog version' ? [i] : [],
    );
  return {
    made: () => ours().length,
    failed: () => ours().filter((i) => connect.mock.settledResults[i]?.type === 'rejected').length,
    /** Whether the socket of every attempt made so far is closed. */
    closed: () =>
      ours().every((i) => (connect.mock.contexts[i] as unknown as { connection: { stream: { destroyed: boolean } } }).connection.stream.destroyed),
    stop: () => connect.mockRestore(),
  };
}

/** Backends of this database that listen for the catalog's version. */
async function listeners(): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'beat-market catalog version'",
    [databaseName],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  const pgServer = await freshPostgres();
  drop = pgServer.drop;
  databaseUrl = pgServer.url;
  databaseName = new URL(databaseUrl).pathname.slice(1);
  processes.push(await startProcess(true), await startProcess(false));
  other = new pg.Client({ connectionString: databaseUrl });
  await other.connect();
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const [beat] = await processes[0]!.database.db
    .insert(beats)
    .values({
      title: 'Shared Store',
      artistName: 'Test Artist',
      bpm: 120,
      releaseDate: new Date('2026-01-01T00:00:00Z'),
      beatType: 'Non-Exclusive',
      previewKey: 'audio/test/preview.mp3',
      mp3Key: 'audio/test/beat.mp3',
      audioState: 'ready',
    })
    .returning();
  beatId = beat!.id;
  for (const p of processes) await until('listening', () => p.version.listening);
});
afterAll(async () => {
  await admin?.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`).catch(() => undefined);
  for (const p of processes) await p.app.close();
  for (const p of processes) await p.database.close();
  await other?.end();
  await admin?.end();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const titles = async (app: FastifyInstance) =>
  ((await app.inject({ method: 'GET', url: '/api/beats?limit=10' })).json() as BeatPage).beats.map((b) => b.beatTitle);

const renameElsewhere = (title: string) => other.query('update beats set title = $1 where id = $2', [title, beatId]);

describe('a process’s own write', () => {
  it('is in its very next answer while its announcements are held back: through the API, a service and a raw statement', async () => {
    const [a] = processes as [Process, Process];
    const password = 'admin-password';
    await a.database.db.insert(users).values({ email: 'admin@example.test', fullName: 'Admin', passwordHash: await hashPassword(password), isAdmin: true });
    const login = await a.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'admin@example.test', password } });
    const token = (login.json() as AuthResponse).token;
    expect(await titles(a.app)).toEqual(['Shared Store']);

    a.announcements.hold();
    const off = await a.app.inject({ method: 'POST', url: `/api/admin/beats/${beatId}/unpublish`, headers: { authorization: `Bearer ${token}` } });
    expect(off.statusCode).toBe(200);
    expect(a.version.listening).toBe(true);
    expect(await titles(a.app)).toEqual([]);

    await a.database.db.update(beats).set({ published: true }).where(eq(beats.id, beatId));
    expect(await titles(a.app)).toEqual(['Shared Store']);

    await a.database.db.transaction(async (tx) => {
      await tx.update(beats).set({ title: 'Renamed In A Transaction' }).where(eq(beats.id, beatId));
    });
    expect(await titles(a.app)).toEqual(['Renamed In A Transaction']);
    // Each of those writes was announced, and none was needed. A notification reaches the listening connection some
    // time after its commit, so the last one may still be on its way: wait for it before counting.
    await until('the three announcements reach process A', () => a.announcements.pending === 3);
    expect(a.announcements.release()).toBe(3);
    expect(await titles(a.app)).toEqual(['Renamed In A Transaction']);
  });

  it('counts as finished once its statement or transaction ends, and a read does not count', async () => {
    const [a] = processes as [Process, Process];
    const pool = (a.database.db as unknown as { $client: pg.Pool }).$client;
    const before = finishedWrites(pool);
    await a.database.db.select().from(beats);
    expect(finishedWrites(pool)).toBe(before);
    let during = 0;
    await a.database.db.transaction(async (tx) => {
      await tx.select().from(beats);
      during = finishedWrites(pool);
      expect(during).toBe(before);
    });
    // The COMMIT of a transaction that only read still counts: a statement is judged by its text.
    expect(finishedWrites(pool)).toBe(before + 1);
    await a.database.db.update(beats).set({ bpm: 121 }).where(eq(beats.id, beatId));
    expect(finishedWrites(pool)).toBe(before + 2);
  });
});

describe('another connection’s write', () => {
  it('is in a process’s answers once its announcement arrives, and the answers before it cost no query', async () => {
    const [a, b] = processes as [Process, Process];
    const pool = (b.database.db as unknown as { $client: pg.Pool }).$client;
    // Process B holds the current page in its cache.
    await until('process B knows the last write', async () => (await b.version.current()) === Number((await other.query('select version from catalog_version')).rows[0].version));
    expect(await titles(b.app)).toEqual(['Renamed In A Transaction']);
    b.announcements.hold();
    await renameElsewhere('Renamed Elsewhere');
    // Process B wrote nothing: it responds with from memory, at the version it knows, until it takes the announcement in.
    await until('the announcement reaches process B', () => b.announcements.pending === 1);
    const writesBefore = finishedWrites(pool);
    expect(await titles(b.app)).toEqual(['Renamed In A Transaction']);
    expect(finishedWrites(pool)).toBe(writesBefore);
    expect(b.announcements.release()).toBe(1);
    expect(await titles(b.app)).toEqual(['Renamed Elsewhere']);

    // Announcements taken in as they come: each process shows the write within a short deadline.
    await renameElsewhere('Renamed Once More');
    const took = await Promise.all(
      [a, b].map((p) => until(`process ${p === a ? 'A' : 'B'} shows the write`, async () => (await titles(p.app))[0] === 'Renamed Once More', 2_000)),
    );
    expect(Math.max(...took)).toBeLessThan(2_000);
    const etags = await Promise.all(processes.map(async (p) => (await p.app.inject({ method: 'GET', url: '/api/beats?limit=10' })).headers.etag));
    expect(etags[0]).toBe(etags[1]);
  });
});

describe('the listening connection', () => {
  it('lost and refused: every answer asks the database, and it listens again once it can', async () => {
    await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS false`);
    const { rows } = await admin.query<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and application_name = 'beat-market catalog version'",
      [databaseName],
    );
    expect(rows).toHaveLength(2);
    for (const p of processes) await until('the loss is noticed', () => !p.version.listening);

    await renameElsewhere('Written While Deaf');
    for (const p of processes) expect(await titles(p.app)).toEqual(['Written While Deaf']);
    // Several attempts fail meanwhile (connections are refused); responses stay correct.
    const attempts = listenAttempts();
    try {
      await until('several attempts to listen again fail', () => attempts.failed() >= 2 * processes.length, 5_000);
    } finally {
      attempts.stop();
    }
    await renameElsewhere('Still Deaf');
    for (const p of processes) {
      expect(p.version.listening).toBe(false);
      expect(await titles(p.app)).toEqual(['Still Deaf']);
    }

    await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`);
    for (const p of processes) await until('listening again', () => p.version.listening, 5_000);
    expect(await listeners()).toBe(2);
    await renameElsewhere('Heard Again');
    for (const p of processes) await until('the write is announced', async () => (await titles(p.app))[0] === 'Heard Again', 2_000);
  });

  it('hung without a word (a dropped network path): its check times out, and it listens again', async () => {
    const proxy = await FaultProxy.before(databaseUrl);
    const database = await openDatabase({ url: proxy.url, poolSize: 1 });
    const version = watchCatalogVersion(database.db, { log: serverLog, retryMinMs: 50, retryMaxMs: 200, checkEveryMs: 100, checkTimeoutMs: 300 });
    try {
      version.start();
      await until('listening', () => version.listening);
      const before = await version.current();
      proxy.freeze();
      await renameElsewhere('Written Into The Silence');
      await until('the silence is noticed', () => !version.listening, 3_000);
      await until('listening again, on a new connection', () => version.listening, 5_000);
      expect(await version.current()).toBeGreaterThan(before);
    } finally {
      await version.close();
      await proxy.stop();
      await database.close();
    }
    await until('the frozen connection is gone too', async () => (await listeners()) === 2);
  });

  it('is closed with the app and never made again', async () => {
    const said: string[] = [];
    const extra = await startProcess(false, { info: (_obj, msg) => said.push(msg), warn: (_obj, msg) => said.push(msg) });
    await until('the extra process listens', () => extra.version.listening);
    expect(await listeners()).toBe(3);
    const attempts = listenAttempts();
    try {
      await extra.app.close();
      expect(extra.version.listening).toBe(false);
      // Its connection has ended (close waits for that): a loss taken for one would have been told at once.
      expect(said).toEqual([]);
      await until('its connection is gone', async () => (await listeners()) === 2);
      expect(attempts.made()).toBe(0);
    } finally {
      attempts.stop();
    }
    // Closed, it still answers correctly (it asks the database).
    expect(await extra.version.current()).toBeGreaterThan(0);
    await extra.database.close();

    // Closed while still connecting: the connection it was making is ended too.
    const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
    const early = watchCatalogVersion(database.db, { log: serverLog });
    const attempt = listenAttempts();
    try {
      early.start();
      await early.close();
      expect(attempt.made()).toBe(1);
      await until('the connection it was making is closed', () => attempt.closed());
    } finally {
      attempt.stop();
    }
    await until('no backend is left of it', async () => (await listeners()) === 2);
    await database.close();
  });
});
