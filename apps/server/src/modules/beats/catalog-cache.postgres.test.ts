/**
 * Two server processes on one PostgreSQL server, each with its own cache of catalog answers
 * (docs/decisions/0016-catalog-cache.md): a write through either is in the other's very next answer,
 * and both give the same answer the same ETag.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BeatPage } from '@beat/shared';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/env.js';
import { openDatabase, type Database } from '../../db/client.js';
import { beats } from '../../db/schema.js';
import { createLocalStorage } from '../../adapters/storage/local-storage.js';
import { createDeps } from '../../runtime.js';
import { freshPostgres } from '../../test/helper.js';
import { serverLog } from '../../test/server-log.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-catalog-pg-'));
const databases: Database[] = [];
const apps: FastifyInstance[] = [];
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const pgServer = await freshPostgres();
  drop = pgServer.drop;
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TOKEN_SECRET: 'shared-secret-of-the-two-processes-0123456789', LOG_LEVEL: 'silent' });
  for (let i = 0; i < 2; i++) {
    const database = await openDatabase({ url: pgServer.url, poolSize: 4 });
    if (i === 0) await database.migrate();
    databases.push(database);
    const app = await buildApp(createDeps(config, database, createLocalStorage(path.join(dataDir, 'files'))), { loggerInstance: serverLog });
    await app.ready();
    apps.push(app);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const titles = async (app: FastifyInstance) =>
  ((await app.inject({ method: 'GET', url: '/api/beats?limit=10' })).json() as BeatPage).beats.map((b) => b.beatTitle);

describe('two server processes on one PostgreSQL server', () => {
  it('see each other’s writes in their very next answer, under the same ETag', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const [dbA, dbB] = databases as [Database, Database];
    expect(await titles(a)).toEqual([]);
    expect(await titles(b)).toEqual([]);

    const [beat] = await dbA.db
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
    expect(await titles(b)).toEqual(['Shared Store']);
    expect(await titles(a)).toEqual(['Shared Store']);

    await dbB.db.update(beats).set({ published: false }).where(eq(beats.id, beat!.id));
    expect(await titles(a)).toEqual([]);

    const etags = await Promise.all(apps.map(async (app) => (await app.inject({ method: 'GET', url: '/api/beats?limit=10' })).headers.etag));
    expect(etags[0]).toBe(etags[1]);
  });
});
