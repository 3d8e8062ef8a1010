/**
 * The embedded database must not lose data (docs/product/embedded-and-real-parts.md#the-embedded-database-must-not-lose-money): one server per data folder, graceful
 * shutdown, and a write answered as done survives kill -9. These start the real server process.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, startServerProcess, type ServerProcess } from './test/server-process.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-durability-'));
const children: ServerProcess[] = [];

async function startServer(): Promise<ServerProcess> {
  const started = await startServerProcess({ DATA_DIR: dataDir });
  children.push(started);
  return started;
}

afterAll(() => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
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
