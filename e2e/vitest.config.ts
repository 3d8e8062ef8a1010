import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/csp-guard.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    // A page's answer to an action (the list shown, a count, a button enabled) is awaited for up to 10 s: on a slow
    // 2-core machine a page that hydrates while its answers come can take more than the default 1 s.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // One app for the whole run. Files use their own users and could run side by side, but on a 2-core
    // machine the app, Chromium and a second worker starve each other into timeouts: one file at a time.
    maxWorkers: 1,
    fileParallelism: false,
  },
});
