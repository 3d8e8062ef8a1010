/**
 * The catalog's version (docs/decisions/0016-catalog-cache.md): triggers on `beats` bump it in the writer's
 * transaction, so an answer cached under a version is never served after a write that changes it commits.
 */
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { catalogVersion } from './schema.js';

/** The channel each bump is announced on, at commit (drizzle/0004_catalog_version.sql). */
const CHANNEL = 'catalog_version';

export async function readCatalogVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, 1));
  if (!row) throw new Error('The catalog_version row is missing: the database was not migrated.');
  return row.version;
}

/**
 * The current version, for a request that is about to answer from the cache.
 *
 * On a PostgreSQL server other processes write too, so each caller reads it; but reads for concurrent
 * requests share one query, never one that started before the caller asked: a caller who finds one
 * running waits for the next, so it sees each write that committed before it asked.
 *
 * The embedded database is this process's alone (its folder is locked), and it announces each bump to
 * its listeners while the committing statement returns, before the writer goes on: the version is kept
 * in memory and costs no query.
 */
export function createCatalogVersionReader(db: Db): () => Promise<number> {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? announcedVersion(client, db) : sharedReads(db);
}

function announcedVersion(client: PGlite, db: Db): () => Promise<number> {
  let known = 0;
  let listening: Promise<void> | null = null;
  let ready = false;
  const listen = async () => {
    await client.listen(CHANNEL, (payload) => {
      known = Math.max(known, Number(payload));
    });
    known = Math.max(known, await readCatalogVersion(db));
    ready = true;
  };
  return async () => {
    if (ready) return known;
    listening ??= listen().catch((error: unknown) => {
      listening = null;
      throw error;
    });
    await listening;
    return known;
  };
}

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
