/**
 * The embedded database must not lose data (DECISIONS): one server per data folder, graceful
 * shutdown, and a write answered as done survives kill -9. These start the real server process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-durability-'));
const children: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function startServer(): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'never', NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
    const check = () => {
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!.replace('localhost', '127.0.0.1'), output: () => output });
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`server exited with ${code}`), { output, code }));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database in the data folder', () => {
  it('refuses a second server on the same folder, shuts down gracefully, and keeps an answered write after kill -9', async () => {
    const first = await startServer();

    // A second process on the same folder fails at once, with a clear message.
    const second = await startServer().catch((e: { output: string; code: number }) => e);
    expect('code' in second && second.code).toBe(1);
    expect((second as { output: string }).output).toMatch(/is in use by another Beat Market server/);

    // SIGTERM: finish, checkpoint, close, release the folder.
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // A sign-up answered as done survives kill -9 right after.
    const third = await startServer();
    const signup = await fetch(`${third.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Durable Dora', email: 'dora@example.test', password: 'durable-password' }),
    });
    expect(signup.status).toBe(201);
    third.child.kill('SIGKILL');
    await exited(third.child);

    const fourth = await startServer(); // takes over the stale lock
    const login = await fetch(`${fourth.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dora@example.test', password: 'durable-password' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { fullName: string } }).user.fullName).toBe('Durable Dora');
    fourth.child.kill('SIGTERM');
    expect(await exited(fourth.child)).toBe(0);
  }, 120_000);
});
