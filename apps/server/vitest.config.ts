import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// The log guard's own test (src/test/server-log-guard.test.ts) runs one fixture in a child vitest,
// under this very config; fixtures fail on purpose, so the suite never includes them.
const fixture = process.env.LOG_GUARD_FIXTURE;

// Several server processes sharing one database need a PostgreSQL server (PGlite is one process's);
// shared counters need a Redis server (TEST_REDIS_URL); a cluster of processes needs both.
const database = Boolean(process.env.TEST_DATABASE_URL);
const redis = Boolean(process.env.TEST_REDIS_URL);
const leftOut = [
  ...(database ? [] : [{ glob: 'src/**/*.postgres.test.ts', suffix: '.postgres.test.ts', why: 'PostgreSQL-only (TEST_DATABASE_URL is not set)' }]),
  ...(redis ? [] : [{ glob: 'src/**/*.redis.test.ts', suffix: '.redis.test.ts', why: 'Redis-only (TEST_REDIS_URL is not set)' }]),
  ...(database && redis ? [] : [{ glob: 'src/**/*.cluster.test.ts', suffix: '.cluster.test.ts', why: 'cluster (needs TEST_DATABASE_URL and TEST_REDIS_URL)' }]),
];

// A file left out says so, with the count, at the top of the run's output.
if (!fixture && leftOut.length > 0) {
  const files = readdirSync(new URL('./src', import.meta.url), { recursive: true }).map(String);
  for (const { suffix, why } of leftOut) {
    const names = files.filter((file) => file.endsWith(suffix));
    if (names.length > 0) console.log(`Left out: ${names.length} ${why} test file${names.length === 1 ? '' : 's'}: ${names.join(', ')}`);
  }
}

export default defineConfig({
  test: {
    include: fixture ? [fixture] : ['src/**/*.test.ts'],
    exclude: leftOut.map(({ glob }) => glob),
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
