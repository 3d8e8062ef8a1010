/**
 * `npm run backup -- --to FILE` (docs/backups.md): the database, the files and the data folder's token secret in one
 * file. The embedded database is read with the server stopped (the command takes the data folder's lock, as a server
 * does); a PostgreSQL server is dumped with pg_dump while the store keeps serving.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Config } from '../config/env.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.js';
import { createS3Storage } from '../adapters/storage/s3-storage.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, entryNames, writeArchive, type ArchiveEntry, type ArchiveSummary, type Manifest } from './archive.js';
import { fileEntry, folderEntries, migrationLevel, pgDump, serverVersion, toolVersion } from './databases.js';
import { bucketFileEntries, folderFileEntries, type LeftOut } from './stored-files.js';

export interface BackupReport extends ArchiveSummary {
  file: string;
  bytes: number;
  manifest: Manifest;
  leftOut: LeftOut;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The server package's version: src/backups/ in development, dist/ once bundled. */
function appVersion(): string {
  const file = [path.resolve(here, '../../package.json'), path.resolve(here, '../package.json')].find((p) => existsSync(p));
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : 'unknown';
}

/** Where the data folder keeps the token secret when TOKEN_SECRET is unset (config/env.ts). */
export const tokenSecretFile = (dataDir: string) => path.join(dataDir, '.token-secret');

/** The message for a data folder a running server holds: the embedded database is one process's. */
export function inUseMessage(error: DataDirLockedError, doing: string): string {
  return `${error.message.replace(/ Stop that server first.*$/, '')} The embedded database belongs to one process: stop the server, ${doing}, then start it again. A store on a PostgreSQL server (DATABASE_URL) is backed up while it runs (docs/backups.md).`;
}

function lockForBackup(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError(inUseMessage(error, 'run the backup'));
    throw error;
  }
}

export async function makeBackup(config: Config, to: string, say: (line: string) => void = () => undefined): Promise<BackupReport> {
  const file = path.resolve(to);
  if (existsSync(file)) throw new BackupError(`${file} exists already: give a new file name (a backup never replaces a file).`);
  if (!existsSync(path.dirname(file))) throw new BackupError(`The folder ${path.dirname(file)} does not exist.`);
  const leftOut: LeftOut = { ignored: [], gone: [] };
  const bucket = config.s3 ? createS3Storage(config.s3) : null;
  const files = (): AsyncIterable<ArchiveEntry> =>
    bucket ? bucketFileEntries(bucket.client, config.s3!.bucket, leftOut) : folderFileEntries(path.join(config.dataDir, 'files'), leftOut);
  const secret = async function* (): AsyncGenerator<ArchiveEntry> {
    if (existsSync(tokenSecretFile(config.dataDir))) yield await fileEntry(tokenSecretFile(config.dataDir), entryNames.tokenSecret);
  };
  const base = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    app: { version: appVersion() },
    files: { from: bucket ? 'bucket' : 'folder' },
    tokenSecret: existsSync(tokenSecretFile(config.dataDir)),
  } as const;
  say(`Files from ${bucket ? bucket.location : path.join(config.dataDir, 'files')}`);
  try {
    const written = config.databaseUrl
      ? await backUpPostgres(config.databaseUrl, file, base, files, secret, say)
      : await backUpEmbedded(config.dataDir, file, base, files, secret, say);
    return { ...written, file, leftOut };
  } finally {
    bucket?.client.destroy();
  }
}

type ManifestBase = Omit<Manifest, 'database'>;
type Entries = () => AsyncIterable<ArchiveEntry>;

async function backUpEmbedded(dataDir: string, file: string, base: ManifestBase, files: Entries, secret: Entries, say: (line: string) => void) {
  const folder = path.join(dataDir, 'db');
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dataDir} (${folder} holds none). Set DATA_DIR to the store's data folder, or DATABASE_URL for a store on a PostgreSQL server.`);
  }
  const release = lockForBackup(dataDir);
  try {
    say(`Embedded database in ${folder} (the data folder is locked until the backup is written)`);
    // Opened once, the server's way: a store stopped by a crash is recovered, and the checkpoint on closing leaves
    // every change in the folder's files.
    const database = await openDatabase({ pgliteDir: folder });
    let migrations: Manifest['database']['migrations'];
    let server: string;
    try {
      migrations = await migrationLevel(database.db.$client);
      server = await serverVersion(database.db.$client);
    } finally {
      await database.close();
    }
    const manifest: Manifest = { ...base, database: { kind: 'pglite', server, dumpedWith: 'the embedded database folder', migrations } };
    const entries = async function* () {
      yield* folderEntries(folder, entryNames.pgliteFolder);
      yield* files();
      yield* secret();
    };
    return { ...(await writeArchive(file, manifest, entries())), manifest };
  } finally {
    release();
  }
}

async function backUpPostgres(url: string, file: string, base: ManifestBase, files: Entries, secret: Entries, say: (line: string) => void) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  const work = await mkdtemp(path.join(path.dirname(file), '.beat-backup-'));
  try {
    await client.connect().catch((error: Error) => {
      throw new BackupError(`Cannot reach the database of DATABASE_URL: ${error.message}`);
    });
    const before = await migrationLevel(client);
    const server = await serverVersion(client);
    const dumpedWith = await toolVersion('pg_dump');
    say(`PostgreSQL database, dumped with ${dumpedWith} while the store serves`);
    const dump = path.join(work, 'postgres.dump');
    await pgDump(url, dump);
    // Only a new version of the store starting changes the schema: the dump must not straddle its migration.
    if ((await migrationLevel(client)).latest !== before.latest) {
      throw new BackupError('The database was migrated while it was dumped (a new version of the store started): run the backup again.');
    }
    const manifest: Manifest = { ...base, database: { kind: 'postgres', server, dumpedWith, migrations: before } };
    const entries = async function* () {
      yield await fileEntry(dump, entryNames.postgresDump);
      yield* files();
      yield* secret();
    };
    return { ...(await writeArchive(file, manifest, entries())), manifest };
  } finally {
    await client.end().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}
