import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Several server processes sharing one database need a PostgreSQL server (PGlite is one process's).
    exclude: process.env.TEST_DATABASE_URL ? [] : ['src/**/*.postgres.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
