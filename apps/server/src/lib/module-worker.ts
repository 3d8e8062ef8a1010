/**
 * A worker thread running one of the server's own modules: the built JavaScript in dist/, or, in the source tree
 * (tests and scripts run the TypeScript through tsx), the TypeScript file through tsx's loader (module-worker-boot.mjs).
 */
import { Worker } from 'node:worker_threads';

/** `name` is the module's file name without extension, beside `callerUrl` (the caller's `import.meta.url`). */
export function startModuleWorker(callerUrl: string, name: string): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl));
  const url = new URL(`./${name}.ts`, callerUrl).href;
  return new Worker(new URL('./module-worker-boot.mjs', import.meta.url), { workerData: { url } });
}
