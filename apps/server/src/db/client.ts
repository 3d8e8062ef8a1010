/**
 * The database: embedded PostgreSQL (PGlite) in the data folder by default, or a PostgreSQL
 * server when a URL is given. Both run the same Drizzle queries and the same migrations.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';
import { countFinishedWrites } from './finished-writes.js';

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The connections of one process's pool to a PostgreSQL server. */
export interface PoolUse {
  max: number;
  open: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pool's connections now; absent for the embedded database, which has no pool. */
  poolUse?: () => PoolUse;
  /** Brings the schema up to date; on a PostgreSQL server under the start-up lock, so one process of several migrates. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while this process holds the start-up lock (docs/reliability.md#starting-several-processes): a
   * PostgreSQL advisory lock on a server, so processes starting together take turns; the embedded database is
   * one process's already (the data folder lock).
   */
  whileStarting<T>(work: () => Promise<T>): Promise<T>;
  /** Flush everything to disk (embedded database) before closing. */
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
// src/db/client.ts in development, dist/server.js once bundled: both find apps/server/drizzle.
export const migrationsFolder = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')].find((dir) =>
  existsSync(path.join(dir, 'meta/_journal.json')),
)!;

export interface DatabaseOptions {
  /** PostgreSQL server URL; when absent the embedded database is used. */
  url?: string;
  /** Folder of the embedded database; absent means in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.pgliteDir);
}

/**
 * Settings of the embedded database that differ from PGlite's (docs/decisions/0018-embedded-database-memory.md).
 * Its memory is the server process's WebAssembly memory, which grows and never shrinks: a small buffer pool
 * (the data folder's pages stay in the operating system's file cache, outside the process) and index builds
 * of migrations bounded below PostgreSQL's 64 MB.
 */
export const embeddedDatabaseSettings = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
} as const;

async function openPglite(dir: string | undefined): Promise<Database> {
  // PGlite's default start parameters include -F (fsync off); a store that takes money keeps fsync on.
  const startParams = [
    ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
    ...Object.entries(embeddedDatabaseSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const client = await PGlite.create({
    dataDir: dir,
    extensions: { pg_trgm },
    startParams,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    whileStarting: (work) => work(),
    async close() {
      if (client.closed) return;
      await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}

const startsTransaction = (query: unknown) => {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
};

/**
 * Drizzle's transaction() takes a client from the pool and sends BEGIN before the try whose `finally` gives the
 * client back: when the connection dies just then (the server restarting), the client would stay taken for good,
 * and each outage would cost the pool a connection until none is left. This pool gives such a client back itself.
 */
class TransactionSafePool extends pg.Pool {
  private readonly guarded = new WeakSet<pg.PoolClient>();

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    // The callback form is the pool's own (pool.query); it always gives its client back.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => this.guard(client));
  }

  private guard(client: pg.PoolClient): pg.PoolClient {
    if (this.guarded.has(client)) return client;
    this.guarded.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (startsTransaction(args[0]) && result instanceof Promise) {
        // `client.release` is the current checkout's (the pool sets a new one each time).
        result.catch((error: unknown) => client.release(error instanceof Error ? error : true));
      }
      return result;
    }) as typeof client.query;
    return client;
  }
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new TransactionSafePool({
    connectionString: url,
    max,
    // A server that does not answer fails the request within seconds (a 503) instead of holding it (docs/reliability.md).
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  });
  // An idle client can lose its connection (server restart, admin termination); the pool replaces it.
  // Without a listener the 'error' event would crash the process.
  pool.on('error', (error) => console.warn(`PostgreSQL: an idle connection failed and will be replaced (${error.message})`));
  // A client in use emits 'error' too when its connection ends; the query it runs fails with that error (and the
  // request responds with 503), the pool drops the client when it comes back. Without this listener the process would crash.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // The catalog's version is confirmed after each write of this process (docs/decisions/0016-catalog-cache.md).
    countFinishedWrites(pool, client);
  });
  // Surface a wrong URL at start-up rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema });
  const whileStarting = <T>(work: () => Promise<T>) => holdingStartupLock(url, work);
  return {
    db,
    kind: 'postgres',
    poolUse: () => ({ max, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: () => whileStarting(() => migratePg(db, { migrationsFolder })),
    whileStarting,
    close: () => pool.end(),
  };
}

/** The advisory lock every process of the store takes to migrate and seed: one number, the same in each. */
export const STARTUP_LOCK_KEY = 7_314_220_301;

/**
 * Holds the start-up lock on a connection of its own for as long as `work` runs: processes starting together
 * wait here in turn, and the lock ends with the connection if this process dies holding it.
 */
async function holdingStartupLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
