/** `npm run admin:create`: the command that makes the first admin, run as a real process on a real data folder. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { dbKind } from '../../test/helper.js';
import { verifyPassword } from '../auth/passwords.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', ...args], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Opened after the command has exited: the embedded database belongs to one process at a time. */
async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { pgliteDir: path.join(dataDir, 'db') });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'beat-admin-cli-'));
  if (dbKind === 'postgres') {
    // The PostgreSQL side: DATABASE_URL, as on a real deployment.
    const name = `beat_cli_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
});
afterAll(async () => {
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run admin:create', () => {
  it('creates an admin with a generated password that must be changed, then promotes an existing account', async () => {
    const created = await run(['--email', 'Root@Example.test', '--name', 'Rita Root']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const password = /Temporary password: (\S+)/.exec(created.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);

    await withDatabase(async ({ db }) => {
      const [root] = await db.select().from(users).where(eq(users.email, 'root@example.test'));
      expect(root).toMatchObject({ fullName: 'Rita Root', isAdmin: true, hasPasswordChanged: false, userType: 'freeUser' });
      expect(await verifyPassword(root!.passwordHash, password!)).toBe(true);
      // An ordinary account, to be promoted next.
      await db.insert(users).values({ email: 'ops@example.test', fullName: 'Ops Person', passwordHash: root!.passwordHash });
    });

    const promoted = await run(['--email', 'ops@example.test', '--password', 'a-chosen-password']);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain('ops@example.test is now an admin (password set).');
    const again = await run(['--email', 'ops@example.test']);
    expect(again.stdout).toContain('ops@example.test is already an admin. Nothing changed.');

    await withDatabase(async ({ db }) => {
      const [ops] = await db.select().from(users).where(eq(users.email, 'ops@example.test'));
      expect(ops).toMatchObject({ isAdmin: true, hasPasswordChanged: true });
      expect(await verifyPassword(ops!.passwordHash, 'a-chosen-password')).toBe(true);
      const entries = await db.select().from(auditLog).orderBy(auditLog.id);
      expect(entries.map((e) => [e.action, e.actorEmail, e.actorId])).toEqual([
        ['user.make-admin', 'command line', null],
        ['user.make-admin', 'command line', null],
      ]);
    });
    // Each run starts a process and opens the database: slow on a busy machine.
  }, 120_000);

  it.each([
    [[], '--email: Email is required'],
    [['--email', 'not-an-email'], '--email: Email address is invalid'],
    [['--email', 'x@example.test', '--password', 'short'], '--password: Password must be at least 8 characters'],
    [['--email', 'x@example.test', '--bogus'], "Unknown option '--bogus'"],
  ])('refuses %j with a readable message and exit code 1', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('Usage: npm run admin:create -- --email <address>');
  });
});
