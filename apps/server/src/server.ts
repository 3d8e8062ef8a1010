/** Starts the server: listen, and shut down gracefully (finish requests, checkpoint, close). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { startRuntime } from './runtime.js';
import { seedIfEmpty } from './seed/seed-once.js';
import { startBackgroundWork } from './background.js';
import type { RunningWorker } from './jobs/job-worker.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  // Files this process makes without a mode of their own (a library's, a render in the temp folder) are its
  // user's only too; the data folder's own code gives explicit modes (docs/security.md#the-data-folder).
  process.umask(0o077);
  const config = loadConfig();
  const runtime = await startRuntime(config);
  const webDist = config.webDist ?? path.resolve(here, '../../web/dist');
  const app = await buildApp(runtime.deps, { webDist });
  if (runtime.madePrivate > 0) app.log.warn(`tightened permissions of ${runtime.madePrivate} entries in DATA_DIR (${config.dataDir})`);

  let worker: RunningWorker | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight and closing`);
    try {
      // Both drain at once: requests in flight get their responses (new ones get 503) while the worker stops claiming and
      // lets its jobs finish, or hands them back untouched after its grace period (docs/reliability.md#stopping).
      await Promise.all([app.close(), worker?.stop()]);
      await runtime.shutdown();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    // The demo store's audio synthesiser is loaded for a fresh data folder only (dist/seed.js in the build). Of
    // several processes starting on one empty database, one seeds and the others wait for it.
    if (config.seedDemo) {
      await seedIfEmpty(runtime.database, async () => {
        const { seedDemoStoreIfEmpty } = await import('./seed/demo-store.js');
        await seedDemoStoreIfEmpty(runtime.deps, app.log);
      });
    }
    await app.listen({ host: config.host, port: config.port });
    // Preview renders, countdowns and housekeeping: durable jobs in the database, run here unless turned off.
    if (config.workerConcurrency > 0) worker = await startBackgroundWork(runtime.deps, app.log, runtime.database.kind === 'pglite');
  } catch (error) {
    await app.close().catch(() => undefined);
    await runtime.shutdown();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = ['0.0.0.0', '127.0.0.1', '::', '::1'].includes(config.host) ? 'localhost' : config.host;
  console.log(`\n  Beat Market is running at http://${shownHost}:${port}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n  Cannot start Beat Market: ${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
