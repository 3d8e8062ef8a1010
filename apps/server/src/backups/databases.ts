/**
 * The database's part of a backup (docs/backups.md): the migration level of a schema, the embedded database's folder
 * read file by file, and pg_dump and pg_restore for a PostgreSQL server.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder } from '../db/client.js';
import { BackupError, type ArchiveEntry, type Manifest } from './archive.js';

type Migrations = Manifest['database']['migrations'];

/** Anything with node-postgres' `query(text)`: a pool, a client, or PGlite. */
interface Queryable {
  query(text: string): Promise<{ rows: unknown[] }>;
}

/** The migrations this version of the store knows, oldest first (drizzle's journal: each one's time and tag). */
export function knownMigrations(): { when: number; tag: string }[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
  return journal.entries.map(({ when, tag }) => ({ when, tag }));
}

/** How far a database's schema is migrated: drizzle records each migration it applied with the journal's time. */
export async function migrationLevel(client: Queryable): Promise<Migrations> {
  const { rows } = await client.query(
    'select count(*)::int as applied, coalesce(max(created_at), 0)::text as latest from drizzle.__drizzle_migrations',
  );
  const row = rows[0] as { applied: number; latest: string };
  const latest = Number(row.latest);
  return { applied: row.applied, latest, latestTag: knownMigrations().find((m) => m.when === latest)?.tag ?? null };
}

/** `version()` of the database: the PostgreSQL release (PGlite's too). */
export async function serverVersion(client: Queryable): Promise<string> {
  const { rows } = await client.query('select version() as version');
  return (rows[0] as { version: string }).version;
}

/**
 * The embedded database's folder as archive entries under `prefix`: every folder (PostgreSQL needs its empty ones,
 * such as pg_tblspc) and every file, read through a handle opened before its size is taken. Read only while nothing
 * else has the folder open (the data folder's lock is held).
 */
export async function* folderEntries(folder: string, prefix: string): AsyncGenerator<ArchiveEntry> {
  const found = await readdir(folder, { recursive: true, withFileTypes: true });
  const named = found
    .map((entry) => ({ entry, name: path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/') }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { entry, name } of named) {
    const full = path.join(folder, name);
    if (entry.isDirectory()) yield { name: `${prefix}/${name}`, type: 'directory', size: 0 };
    else if (entry.isFile()) yield await fileEntry(full, `${prefix}/${name}`);
    else throw new BackupError(`${full} is neither a file nor a folder: the embedded database's folder holds only those.`);
  }
}

/** One file as an archive entry, its size taken from the open handle so that the bytes read match it. */
export async function fileEntry(file: string, name: string): Promise<ArchiveEntry> {
  const handle = await open(file, 'r');
  const { size } = await handle.stat();
  return { name, type: 'file', size, body: handle.createReadStream({ autoClose: true }) };
}

/**
 * What is in a database that should be empty: its tables and other relations, its schemas besides public, its
 * extensions besides plpgsql. Null when it holds none of them.
 */
export async function contentsOf(client: Queryable): Promise<string | null> {
  const { rows } = await client.query(`
    select 'table ' || n.nspname || '.' || c.relname as what from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
    union all
    select 'schema ' || nspname from pg_namespace
      where nspname not in ('public', 'pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'
    union all
    select 'extension ' || extname from pg_extension where extname <> 'plpgsql'
    limit 4`);
  return rows.length === 0 ? null : (rows as { what: string }[]).map((r) => r.what).join(', ');
}

/**
 * The PostgreSQL client programs take the server's address from `--dbname` and the password from PGPASSWORD, so that
 * it never shows in the list of processes.
 */
function connection(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { args: [`--dbname=${parsed.toString()}`], env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${program} was not found. Install the PostgreSQL client programs of the server's major version (Debian: postgresql-client-<major>) and put them on PATH.`,
            )
          : error,
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new BackupError(`${program} failed (exit code ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

/** `pg_dump --version`, e.g. "pg_dump (PostgreSQL) 15.20". */
export async function toolVersion(program: 'pg_dump' | 'pg_restore'): Promise<string> {
  return (await run(program, ['--version'])).trim();
}

/** A consistent dump of the database, in pg_dump's custom format, into `file` (the server keeps serving). */
export async function pgDump(url: string, file: string): Promise<void> {
  const { args, env } = connection(url);
  await run('pg_dump', ['--format=custom', `--file=${file}`, ...args], env);
}

/**
 * Restores a custom-format dump into the (empty) database in one transaction: all of it, or, on any error, nothing.
 * Owners and grants are left out, so that the dump goes into a server whose roles differ from the old one's.
 */
export async function pgRestore(url: string, file: string): Promise<void> {
  const { args, env } = connection(url);
  await run('pg_restore', ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', ...args, file], env);
}
