/** On a PostgreSQL server each process opens no more connections than DATABASE_POOL_SIZE (docs/scaling.md). */
import { describe, expect, it } from 'vitest';
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
});
