/** The runtime started in a process of its own, reporting what it loaded (runtime.test.ts, runtime.postgres.test.ts). */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const probe = `
import { createRequire } from 'node:module';
import { loadConfig } from './src/config/env.js';
import { startRuntime } from './src/runtime.js';
const runtime = await startRuntime(loadConfig());
const loaded = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify({
  storage: runtime.deps.storage.location,
  redis: loaded.some((file) => file.includes('/node_modules/ioredis/')),
  bucket: loaded.some((file) => file.includes('/node_modules/@aws-sdk/client-s3/')),
  poolSize: runtime.deps.db.$client.options?.max ?? null,
}));
await runtime.shutdown();
`;

export interface Loaded {
  /** Where its files are kept. */
  storage: string;
  /** Whether the Redis client library was loaded. */
  redis: boolean;
  /** Whether the bucket client library was loaded. */
  bucket: boolean;
  /** The most connections its pool opens to a PostgreSQL server; null on the embedded database. */
  poolSize: number | null;
  /** The data folder it ran on (removed once it stopped). */
  dataDir: string;
}

/** Starts the runtime with `env` on a new data folder, and returns what it loaded once it has stopped. */
export async function startRuntimeProbe(env: Record<string, string>): Promise<Loaded> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'beat-runtime-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    return { ...(JSON.parse(stdout.trim().split('\n').at(-1)!) as Omit<Loaded, 'dataDir'>), dataDir };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
