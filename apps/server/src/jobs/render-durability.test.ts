/**
 * Renders survive a crash: the server is killed (kill -9) while previews render; started again on
 * the same data folder it finishes every job, and each beat gets its preview.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';
import { beats, jobs } from '../db/schema.js';
import { createLocalStorage } from '../adapters/storage/local-storage.js';
import { systemClock } from '../lib/clock.js';
import { queueRenderWorkload } from '../modules/previews/render-workload.js';
import { RENDER_QUEUE } from '../modules/previews/previews.service.js';
import { exited, startServerProcess, type ServerProcess } from '../test/server-process.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-render-crash-'));
const previewsDir = path.join(dataDir, 'files', 'audio', 'previews');
const children: ServerProcess[] = [];
const BEATS = 8;

afterAll(() => {
  for (const s of children) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    return await work(database);
  } finally {
    await database.close();
  }
}

const previewsOnDisk = () => (existsSync(previewsDir) ? readdirSync(previewsDir).filter((f) => f.endsWith('.mp3')).length : 0);

describe('preview rendering across a crash', () => {
  it('finishes every render job after kill -9 and a restart', async () => {
    await withDatabase((database) =>
      queueRenderWorkload({ db: database.db, storage: createLocalStorage(path.join(dataDir, 'files')), clock: systemClock }, BEATS, 45),
    );
    const env = { DATA_DIR: dataDir, WORKER_CONCURRENCY: '2' };

    const first = await startServerProcess(env);
    children.push(first);
    // Kill it while it is part-way through.
    await expect.poll(previewsOnDisk, { timeout: 60_000, interval: 25 }).toBeGreaterThanOrEqual(1);
    expect(previewsOnDisk()).toBeLessThan(BEATS);
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await startServerProcess(env);
    children.push(second);
    // Alone this takes about 20 s; with the rest of the suite on two cores, several times that.
    await expect.poll(previewsOnDisk, { timeout: 240_000, interval: 100 }).toBe(BEATS);
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);

    await withDatabase(async (database) => {
      const renders = await database.db.select().from(jobs).where(eq(jobs.queue, RENDER_QUEUE));
      expect(renders).toHaveLength(BEATS);
      expect(renders.map((j) => j.status)).toEqual(Array(BEATS).fill('done'));
      // The jobs cut short by the kill were taken back and run again.
      expect(renders.some((j) => j.attempts === 2)).toBe(true);
      const rows = await database.db.select().from(beats);
      expect(rows.every((b) => b.audioState === 'ready' && b.previewKey !== null)).toBe(true);
    });
    expect(previewsOnDisk()).toBe(BEATS);
  }, 360_000);
});
