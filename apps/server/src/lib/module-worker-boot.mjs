// A worker thread's first module in the source tree (module-worker.ts): tsx's loader, then the TypeScript module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.url);
