/** Migrating a test database in steps, as a store that has not yet taken the newer migrations does. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { freshPostgres } from './helper.js';

const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** A copy of the migrations folder holding the migrations up to `last` (its journal index); remove it afterwards. */
export async function migrationsUpTo(last: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'beat-migrations-'));
  await cp(drizzleDir, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

/** Runs the migrations of `folder` that `database` has not taken yet. */
export function migrateFrom(database: Database, folder: string): Promise<void> {
  return database.kind === 'pglite'
    ? migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder })
    : migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
}

/**
 * For a migration's test file: a fresh database (embedded, or a new one on TEST_DATABASE_URL's server) and a copy of
 * the migrations up to each index of `lasts`, made before the file's tests and removed after them. The database has
 * taken no migration: `migrateFrom(database(), folders()[0])` brings it to where a store before the migration is.
 */
export function migrationTestDatabase(...lasts: number[]): { database: () => Database; folders: () => string[] } {
  let database: Database | undefined;
  let server: { url: string; drop: () => Promise<void> } | null = null;
  const folders: string[] = [];
  beforeAll(async () => {
    for (const last of lasts) folders.push(await migrationsUpTo(last));
    server = process.env.TEST_DATABASE_URL ? await freshPostgres() : null;
    database = await openDatabase(server ? { url: server.url, poolSize: 2 } : {});
  });
  afterAll(async () => {
    await database?.close();
    await server?.drop();
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });
  return { database: () => database!, folders: () => folders };
}
