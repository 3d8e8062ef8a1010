/** Everything the server needs before it can listen: the data folder lock, the database (migrated), storage and the demo store. */
import path from 'node:path';
import type { Config } from './config/env.js';
import type { Deps } from './deps.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { makeTreePrivate } from './lib/private-files.js';
import { openDatabase, type Database } from './db/client.js';
import { createStorage } from './adapters/storage/create-storage.js';
import { systemClock, type Clock } from './lib/clock.js';
import { MemoryRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import type { RedisRateLimiterOptions } from './lib/redis-rate-limiter.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import type { Storage } from './adapters/storage/storage.js';
import { createOutboxMailer } from './adapters/mail/outbox-mailer.js';
import { createSmtpMailer } from './adapters/mail/smtp-mailer.js';
import { createPayments } from './adapters/payments/create-payments.js';
import { Metrics } from './metrics/metrics.js';

export interface Runtime {
  deps: Deps;
  database: Database;
  /** How many entries of the data folder others could read at start; they are the server user's only now. */
  madePrivate: number;
  /** Close the database (checkpointing the embedded one) and release the data folder. */
  shutdown(): Promise<void>;
}

export function createDeps(config: Config, database: Database, storage: Storage, clock: Clock = systemClock): Deps {
  return {
    config,
    db: database.db,
    storage,
    mailer: config.smtpUrl
      ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom, tokenSecret: config.tokenSecret, db: database.db, clock })
      : createOutboxMailer(database.db, config.tokenSecret),
    clock,
    // Shared by every process with REDIS_URL; otherwise this process's own counts (docs/product/limits.md).
    limiter: config.redis
      ? redisRateLimiter({ url: config.redis.url, prefix: config.redis.keyPrefix, scale: config.rateLimitScale })
      : new MemoryRateLimiter(config.rateLimitScale),
    tokens: createTokenSigner(config.tokenSecret),
    payments: createPayments(config, database.db, clock),
    metrics: new Metrics(database.poolUse),
  };
}

/**
 * The Redis limiter with its client libraries loaded on first use (start-up asks it to be ready): a store
 * without REDIS_URL never loads them, and keeps the memory they take (docs/decisions/0018-embedded-database-memory.md).
 */
function redisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  let loaded: Promise<RateLimiter> | null = null;
  const limiter = () => (loaded ??= import('./lib/redis-rate-limiter.js').then(({ RedisRateLimiter }) => new RedisRateLimiter(options)));
  return {
    kind: 'redis',
    hit: async (rule, key) => (await limiter()).hit(rule, key),
    check: async (rule, key) => (await limiter()).check(rule, key),
    record: async (rule, key) => (await limiter()).record(rule, key),
    reset: async (rule, key) => (await limiter()).reset(rule, key),
    attempt: async (rule, key) => (await limiter()).attempt(rule, key),
    ready: async () => (await limiter()).ready(),
    close: async () => {
      if (loaded) await (await loaded).close();
    },
  };
}

export async function startRuntime(config: Config): Promise<Runtime> {
  // The data folder is the server user's only (docs/security.md#the-data-folder): one made by an older
  // version, or copied with looser permissions, is fixed before anything reads it.
  const madePrivate = makeTreePrivate(config.dataDir);
  // The embedded database is one process's: its folder is locked. With a PostgreSQL server several
  // processes may share the data folder's files (writes land in a temp file and are renamed).
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  let database: Database | undefined;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      poolSize: config.databasePoolSize,
      pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
    });
    await database.migrate();
    // PGlite writes a new database's first files readable by everyone (0666, whatever the umask); the files
    // PostgreSQL makes later are 0600.
    if (!config.databaseUrl) makeTreePrivate(path.join(config.dataDir, 'db'));
    const storage = await createStorage(config);
    const deps = createDeps(config, database, storage);
    // A Redis for the rate limits that does not answer stops the start (a readable REDIS_URL message).
    await deps.limiter.ready().catch(async (error: unknown) => {
      await deps.limiter.close();
      throw error;
    });
    const db = database;
    // Once, whoever asks: a stop signal may arrive while a failed start is already shutting down.
    let closed: Promise<void> | undefined;
    const close = async () => {
      try {
        await deps.limiter.close();
        await db.close();
      } finally {
        release();
      }
    };
    return {
      deps,
      database: db,
      madePrivate,
      shutdown: () => (closed ??= close()),
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    release();
    throw error;
  }
}
