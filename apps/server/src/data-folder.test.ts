/**
 * The data folder is the server user's only (docs/security.md#the-data-folder): folders 0700, files 0600, from
 * a fresh start, after an upload, and for a folder left with looser permissions. These start the real server.
 */
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, startServerProcess, type ServerProcess } from './test/server-process.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-private-data-'));
const children: ServerProcess[] = [];

afterAll(() => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<ServerProcess> {
  const started = await startServerProcess({ DATA_DIR: dataDir, TOKEN_SECRET: '' });
  children.push(started);
  return started;
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await exited(server.child)).toBe(0);
}

/** Every entry of the data folder (the folder included) as "path mode", e.g. "files/images/x.png 600". */
function entries(): string[] {
  const names = ['.', ...(readdirSync(dataDir, { recursive: true }) as string[])];
  return names.map((name) => `${name} ${(lstatSync(path.join(dataDir, name)).mode & 0o777).toString(8)}`);
}

function expectAllPrivate() {
  const found = entries();
  const loose = found.filter((entry) => {
    const [name, mode] = entry.split(' ');
    return mode !== (lstatSync(path.join(dataDir, name!)).isDirectory() ? '700' : '600');
  });
  expect(loose).toEqual([]);
  return found;
}

/** A real 2×2 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4elQCiBggFAA2egdJstQj9gAAAABJRU5ErkJggg==';

describe('the data folder', () => {
  it('is private from the first start, keeps uploads private, and is made private again when loosened', async () => {
    const first = await startServer();
    const signup = await fetch(`${first.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Private Pat', email: 'pat@example.test', password: 'private-password' }),
    });
    expect(signup.status).toBe(201);
    const { token } = (await signup.json()) as { token: string };
    const upload = await fetch(`${first.url}/api/updateinfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ email: 'pat@example.test', data: { name: 'Pat', username: 'private_pat', profileImage: `data:image/png;base64,${PNG}` } }),
    });
    expect(upload.status).toBe(200);

    const running = expectAllPrivate();
    for (const expected of [/^\.token-secret 600$/, /^server\.lock 600$/, /^db\/PG_VERSION 600$/, /^files\/images\/[0-9a-f-]{36}\.png 600$/]) {
      expect(running.some((entry) => expected.test(entry)), String(expected)).toBe(true);
    }
    await stop(first);
    expectAllPrivate();
    expect(first.output()).not.toMatch(/tightened permissions/);

    // A folder left readable by everyone (an older version's, or copied): made private at start, and said once.
    const loosened = entries().map((entry) => entry.split(' ')[0]!);
    for (const name of loosened) {
      const entry = path.join(dataDir, name);
      chmodSync(entry, lstatSync(entry).isDirectory() ? 0o777 : 0o666);
    }
    const second = await startServer();
    expectAllPrivate();
    const said = second.output().match(/tightened permissions of (\d+) entries in DATA_DIR/g) ?? [];
    expect(said).toEqual([`tightened permissions of ${loosened.length} entries in DATA_DIR`]);
    await stop(second);
    expectAllPrivate();
  }, 120_000);
});
