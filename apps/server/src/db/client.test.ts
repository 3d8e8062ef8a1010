/** The embedded database starts with the store's settings (docs/decisions/0018-embedded-database-memory.md). */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedDatabaseSettings, openDatabase, type Database } from './client.js';

const show = async (database: Database, name: string) => {
  const result = await database.db.execute(sql.raw(`SHOW ${name}`));
  return (result.rows[0] as Record<string, string>)[name];
};

describe('the embedded database', () => {
  let dir: string | undefined;
  let database: Database | undefined;

  afterEach(async () => {
    await database?.close();
    database = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  // A first start makes the data folder (initdb), then a later start opens it: each start gets the settings.
  it('starts with a 16 MB buffer pool, bounded index builds and fsync on, at the first start and at later ones', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'beat-db-settings-'));
    for (const start of ['first', 'later']) {
      await database?.close();
      database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
      expect(database.kind, start).toBe('pglite');
      expect(await show(database, 'shared_buffers'), start).toBe('16MB');
      expect(await show(database, 'maintenance_work_mem'), start).toBe('16MB');
      for (const [name, value] of Object.entries(embeddedDatabaseSettings)) expect(await show(database, name), start).toBe(value);
      // Durability is not traded for memory: every commit still reaches the disk.
      expect(await show(database, 'fsync'), start).toBe('on');
    }
  }, 120_000);
});
