/**
 * The catalog's version (docs/decisions/0016-catalog-cache.md): triggers on `beats` bump it in the writer's
 * transaction and announce it at commit, so a response cached under a version is never served after a write of
 * this process that changes it, and after another process's write no longer than its announcement takes.
 */
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.js';
import { finishedWrites } from './finished-writes.js';
import { catalogVersion } from './schema.js';

/** The channel each bump is announced on, at commit (drizzle/0004_catalog_version.sql). */
const CHANNEL = 'catalog_version';
const READ_VERSION = 'select version from catalog_version where id = 1';

export async function readCatalogVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, 1));
  if (!row) throw new Error('The catalog_version row is missing: the database was not migrated.');
  return row.version;
}

/** The version as one process knows it. */
export interface CatalogVersion {
  /** The version to respond under now: it counts every write that committed before the call (see the decision for another process's). */
  current(): Promise<number>;
  /**
   * The same version when it is known without asking the database (announcements are being kept and, on a
   * PostgreSQL server, no write of this process has finished since the version was confirmed), else null: a
   * cached response's hit then costs no promise.
   */
  knownNow(): number | null;
  /** Whether the version is kept from the database's announcements; if not, each call asks the database. */
  readonly listening: boolean;
  /** Starts listening (once the app is ready); until it listens, each call asks the database. */
  start(): void;
  /** Stops listening and closes the connection it holds. */
  close(): Promise<void>;
}

export interface CatalogVersionLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface WatchOptions {
  log?: CatalogVersionLog;
  /** Takes in an announced version: at once unless a test holds announcements back. */
  deliver?: (apply: () => void) => void;
  /** The first wait before listening again after the connection is lost; it doubles up to `retryMaxMs`. */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** How often the listening connection reads the version itself: it proves the connection alive and bounds a missed announcement. */
  checkEveryMs?: number;
  /** A listening connection that does not connect, or respond to its check, within this is taken for lost. */
  checkTimeoutMs?: number;
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;
const CHECK_EVERY_MS = 5_000;
const CHECK_TIMEOUT_MS = 5_000;

const quietLog: CatalogVersionLog = { info: () => undefined, warn: () => undefined };

/**
 * The version kept current in memory from the database's announcements, once started; close it with the app.
 *
 * The embedded database is this process's alone (its folder is locked) and announces each bump while the
 * committing statement returns, before the writer goes on: no call costs a query.
 *
 * On a PostgreSQL server a dedicated connection LISTENs and reads the version once listening. A write of this
 * process moves the count of its finished writes (finished-writes.ts), and the next call confirms the version with
 * one query (shared by concurrent calls) before answering, so it never waits for the announcement. While the
 * connection is down each call asks the database, as `askEachTime` does, and the connection is made again with a
 * growing wait.
 */
export function watchCatalogVersion(db: Db, options: WatchOptions = {}): CatalogVersion {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return announcedByPglite(client, db);
  if (client instanceof pg.Pool) return listenOnServer(client, db, options);
  return askEachTime(db);
}

/** A version read from the database on each call (concurrent calls share one query); nothing to close. */
export function askEachTime(db: Db): CatalogVersion {
  const read = sharedReads(db);
  return { current: read, knownNow: () => null, listening: false, start: () => undefined, close: async () => undefined };
}

function announcedByPglite(client: PGlite, db: Db): CatalogVersion {
  let known = 0;
  let listening: Promise<void> | null = null;
  let ready = false;
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;
  const listen = async () => {
    unlisten = await client.listen(CHANNEL, (payload) => {
      known = Math.max(known, Number(payload));
    });
    known = Math.max(known, await readCatalogVersion(db));
    ready = true;
  };
  const started = () =>
    (listening ??= listen().catch((error: unknown) => {
      listening = null;
      throw error;
    }));
  return {
    async current() {
      if (ready) return known;
      if (closed) return readCatalogVersion(db);
      await started();
      return known;
    },
    knownNow() {
      return ready ? known : null;
    },
    start() {
      // A failure here is met again, and answered, by the next call of current().
      started().catch(() => undefined);
    },
    get listening() {
      return ready;
    },
    async close() {
      closed = true;
      ready = false;
      if (!client.closed) await unlisten?.();
    },
  };
}

function listenOnServer(pool: pg.Pool, db: Db, options: WatchOptions): CatalogVersion {
  const log = options.log ?? quietLog;
  const deliver = options.deliver ?? ((apply: () => void) => apply());
  const retryMin = options.retryMinMs ?? RETRY_MIN_MS;
  const retryMax = options.retryMaxMs ?? RETRY_MAX_MS;
  const checkEvery = options.checkEveryMs ?? CHECK_EVERY_MS;
  const checkTimeout = options.checkTimeoutMs ?? CHECK_TIMEOUT_MS;
  const ask = sharedReads(db);

  let known = 0;
  let listening = false;
  /** The count of this process's finished writes that the known version is confirmed to include. */
  let confirmedWrites = -1;
  let connection: pg.Client | null = null;
  let retryMs = retryMin;
  let retry: NodeJS.Timeout | null = null;
  let check: NodeJS.Timeout | null = null;
  let troubled = false;
  let started = false;
  let closed = false;

  const raise = (version: number) => {
    if (version > known) known = version;
  };
  const confirmed = (writes: number) => {
    if (writes > confirmedWrites) confirmedWrites = writes;
  };

  /** A query that starts after the call (sharedReads), so it counts every write finished before it. */
  const confirm = async (): Promise<number> => {
    const writes = finishedWrites(pool);
    raise(await ask());
    confirmed(writes);
    return known;
  };

  const lost = (client: pg.Client, error: unknown) => {
    if (client !== connection) return;
    connection = null;
    listening = false;
    if (check) clearInterval(check);
    check = null;
    client.removeAllListeners('notification');
    void endWithin(client, checkTimeout);
    if (closed) return;
    if (!troubled) {
      troubled = true;
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ retryMs }, `catalog version: not listening (${message}); each catalog answer asks the database until it listens again`);
    }
    retry = setTimeout(listen, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, retryMax);
  };

  const readOn = async (client: pg.Client): Promise<number> => {
    const { rows } = await client.query<{ version: string }>(READ_VERSION);
    if (!rows[0]) throw new Error('The catalog_version row is missing: the database was not migrated.');
    return Number(rows[0].version);
  };

  async function listen(): Promise<void> {
    retry = null;
    if (closed) return;
    const client = new pg.Client({
      ...pool.options,
      application_name: 'beat-market catalog version',
      keepAlive: true,
      connectionTimeoutMillis: checkTimeout,
      query_timeout: checkTimeout,
    });
    connection = client;
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client, new Error('the connection ended')));
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const version = Number(message.payload);
      deliver(() => raise(version));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      // Read once listening: a write committed before is in this read, one committed after is announced.
      const writes = finishedWrites(pool);
      const version = await readOn(client);
      if (client !== connection) return;
      raise(version);
      confirmed(writes);
      listening = true;
      retryMs = retryMin;
      if (troubled) log.info({}, 'catalog version: listening again');
      troubled = false;
      check = setInterval(() => {
        readOn(client).then(raise, (error: unknown) => lost(client, error));
      }, checkEvery);
      check.unref();
    } catch (error) {
      lost(client, error);
    }
  }

  return {
    current() {
      if (listening && finishedWrites(pool) === confirmedWrites) return Promise.resolve(known);
      return confirm();
    },
    knownNow() {
      return listening && finishedWrites(pool) === confirmedWrites ? known : null;
    },
    get listening() {
      return listening;
    },
    start() {
      if (started || closed) return;
      started = true;
      void listen();
    },
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      if (check) clearInterval(check);
      retry = check = null;
      const client = connection;
      connection = null;
      if (client) {
        client.removeAllListeners('notification');
        await endWithin(client, checkTimeout);
      }
    },
  };
}

/** Ends a connection; one that does not answer within `ms` (a network path gone silent) is cut. */
async function endWithin(client: pg.Client, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      resolve();
    }, ms);
  });
  await Promise.race([client.end().catch(() => undefined), cut]);
  clearTimeout(timer);
}

/**
 * Reads for concurrent calls share one query, never one that started before the caller asked: a caller who finds
 * one running waits for the next, so it sees each write that committed before it asked.
 */
function sharedReads(db: Db): () => Promise<number> {
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  const start = (): Promise<number> => {
    const query = readCatalogVersion(db).finally(() => {
      if (running === query) running = null;
    });
    running = query;
    return query;
  };
  return () => {
    if (queued) return queued;
    if (!running) return start();
    const next = running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null;
        return start();
      });
    queued = next;
    return next;
  };
}
