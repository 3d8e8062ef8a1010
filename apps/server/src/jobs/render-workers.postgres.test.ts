/**
 * Several server processes on one PostgreSQL server share the render queue: every preview is
 * rendered exactly once (one claim per job), and both processes take part.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.js';
import { beats, jobs, previewRenders } from '../db/schema.js';
import { createLocalStorage } from '../adapters/storage/local-storage.js';
import { systemClock } from '../lib/clock.js';
import { freshPostgres } from '../test/helper.js';
import { queueRenderWorkload } from '../modules/previews/render-workload.js';
import { RENDER_QUEUE } from '../modules/previews/previews.service.js';
import { exited, startServerProcess, type ServerProcess } from '../test/server-process.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-render-pg-'));
const children: ServerProcess[] = [];
let database: Database | undefined;
let drop: (() => Promise<void>) | undefined;
const BEATS = 16;

afterAll(async () => {
  for (const s of children) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await database?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two server processes on one PostgreSQL server', () => {
  it('render each preview exactly once between them', async () => {
    const pgServer = await freshPostgres();
    drop = pgServer.drop;
    database = await openDatabase({ url: pgServer.url, poolSize: 4 });
    await database.migrate();
    await queueRenderWorkload({ db: database.db, storage: createLocalStorage(path.join(dataDir, 'files')), clock: systemClock }, BEATS, 45);

    const env = { DATA_DIR: dataDir, DATABASE_URL: pgServer.url, WORKER_CONCURRENCY: '2', TOKEN_SECRET: 'shared-secret-of-the-two-processes-0123456789' };
    const servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    children.push(...servers);

    const db = database.db;
    const doneCount = async () => (await db.select().from(jobs).where(eq(jobs.queue, RENDER_QUEUE))).filter((j) => j.status === 'done').length;
    await expect.poll(doneCount, { timeout: 200_000, interval: 200 }).toBe(BEATS);
    for (const s of servers) s.child.kill('SIGTERM');
    for (const s of servers) expect(await exited(s.child)).toBe(0);

    const renders = await db.select().from(jobs).where(eq(jobs.queue, RENDER_QUEUE));
    expect(renders).toHaveLength(BEATS);
    expect(renders.map((j) => [j.status, j.attempts])).toEqual(renders.map(() => ['done', 1]));
    // Both processes took part (worker ids name the process).
    const processes = new Set(renders.map((j) => j.lockedBy!.split(':')[1]));
    expect(processes.size).toBe(2);
    expect(await db.select().from(previewRenders)).toHaveLength(BEATS);
    const rows = await db.select().from(beats);
    expect(rows.every((b) => b.audioState === 'ready')).toBe(true);
  }, 320_000);
});
