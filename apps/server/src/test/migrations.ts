/** Migrating a test database in steps, as a store that has not yet taken the newer migrations does. */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from '../db/client.js';

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
