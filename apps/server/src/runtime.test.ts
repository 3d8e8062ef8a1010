/**
 * The store loads the client libraries of a bucket and of Redis only when it is configured to use them: a store on
 * its own machine does not carry their memory (docs/decisions/0018-embedded-database-memory.md).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts the runtime in a process of its own and answers which of the two client libraries it loaded. */
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
}));
await runtime.shutdown();
`;

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

async function start(env: Record<string, string>): Promise<{ storage: string; redis: boolean; bucket: boolean }> {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'beat-runtime-'));
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
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { storage: string; redis: boolean; bucket: boolean };
}

describe('the runtime', () => {
  it('loads neither the bucket nor the Redis client on its own machine', async () => {
    const loaded = await start({});
    expect(loaded.storage).toBe(path.join(dataDir!, 'files'));
    expect(loaded).toMatchObject({ redis: false, bucket: false });
  }, 60_000);

  it('loads the bucket client when a bucket is configured', async () => {
    const loaded = await start({
      S3_BUCKET: 'beat-files',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(loaded.storage).toBe('s3://beat-files at http://127.0.0.1:9');
    expect(loaded).toMatchObject({ redis: false, bucket: true });
  }, 60_000);
});
