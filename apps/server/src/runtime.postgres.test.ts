/** On a PostgreSQL server each process opens no more connections than DATABASE_POOL_SIZE (docs/scaling.md). */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config/env.js';
import { startRuntime } from './runtime.js';
import { freshPostgres } from './test/helper.js';
import { startRuntimeProbe } from './test/runtime-probe.js';

describe('the runtime on a PostgreSQL server', () => {
  it('opens at most DATABASE_POOL_SIZE connections, 10 unless set', async () => {
    const server = await freshPostgres();
    try {
      const env = { DATABASE_URL: server.url, TOKEN_SECRET: 'x'.repeat(40) };
      expect((await startRuntimeProbe({ ...env, DATABASE_POOL_SIZE: '3' })).poolSize).toBe(3);
      expect((await startRuntimeProbe(env)).poolSize).toBe(10);
    } finally {
      await server.drop();
    }
  }, 90_000);

  it('shuts down once when asked twice at once: a stop signal during a failed start closes nothing twice', async () => {
    const server = await freshPostgres();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-runtime-'));
    try {
      const runtime = await startRuntime(loadConfig({ DATABASE_URL: server.url, DATA_DIR: dataDir }));
      // The pool refuses a second end ("Called end on pool more than once"): both calls share the one shutdown.
      await expect(Promise.all([runtime.shutdown(), runtime.shutdown()])).resolves.toEqual([undefined, undefined]);
      await expect(runtime.shutdown()).resolves.toBeUndefined();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await server.drop();
    }
  }, 90_000);
});
