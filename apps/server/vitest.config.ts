import { defineConfig } from 'vitest/config';

// The log guard's own test (src/test/server-log-guard.test.ts) runs one fixture in a child vitest,
// under this very config; fixtures fail on purpose, so the suite never includes them.
const fixture = process.env.LOG_GUARD_FIXTURE;

export default defineConfig({
  test: {
    include: fixture ? [fixture] : ['src/**/*.test.ts'],
    // Several server processes sharing one database need a PostgreSQL server (PGlite is one process's);
    // shared counters need a Redis server (TEST_REDIS_URL); a cluster of processes needs both.
    exclude: [
      ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.postgres.test.ts']),
      ...(process.env.TEST_REDIS_URL ? [] : ['src/**/*.redis.test.ts']),
      ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL ? [] : ['src/**/*.cluster.test.ts']),
    ],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
