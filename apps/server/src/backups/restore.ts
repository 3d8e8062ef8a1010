/**
 * `npm run restore -- --from FILE` (docs/backups.md#restoring): puts a backup into an empty store, all of it or
 * nothing. The file is read and checked whole, then read again into a temporary folder; only then is anything moved into place
 * (renames inside the data folder, uploads to an empty bucket, pg_restore in one transaction), and a failure on the
 * way takes back what was moved.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import type { Config } from '../config/env.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.js';
import { privateDirMode, privateFileMode } from '../lib/private-files.js';
import { createS3Storage } from '../adapters/storage/s3-storage.js';
import { copyFolderToStorage, isStoredKey } from '../adapters/storage/copy-folder-to-storage.js';
import { ArchiveFormatError, BackupError, entryNames, readArchive, readManifest, type ArchiveSummary, type Manifest, type ReadEntry } from './archive.js';
import { contentsOf, knownMigrations, migrationLevel, pgRestore, toolVersion } from './databases.js';
import { bucketKeys } from './stored-files.js';
import { inUseMessage, tokenSecretFile } from './backup.js';

export interface RestoreReport extends ArchiveSummary {
  manifest: Manifest;
  /** Where the files went: a folder or a bucket. */
  filesTo: string;
}

/** The backup must be of the kind of database this store is configured for, and of a schema this version knows. */
function assertRestorable(file: string, manifest: Manifest, config: Config): void {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      manifest.database.kind === 'pglite'
        ? `${file} holds an embedded database: restore it with DATABASE_URL unset, into an empty DATA_DIR.`
        : `${file} holds a PostgreSQL server's database: restore it with DATABASE_URL set to a new, empty database.`,
    );
  }
  const known = knownMigrations();
  const { latest, latestTag } = manifest.database.migrations;
  if (latest !== 0 && !known.some((m) => m.when === latest)) {
    throw new BackupError(
      `${file} was made by a newer version of Beat Market (its schema is at migration ${latestTag ?? latest}, this version knows up to ${known.at(-1)?.tag}). Restore it with that version or a newer one.`,
    );
  }
}

async function assertEmptyFolder(dir: string, ours: string[]): Promise<void> {
  if (!existsSync(dir)) return;
  const names = (await readdir(dir)).filter((name) => !ours.includes(name) && name !== 'lost+found');
  if (names.length === 0) return;
  throw new BackupError(
    `The data folder ${dir} is not empty (it holds ${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}). A backup is restored into an empty data folder only: set DATA_DIR to a new folder, or move this one away first.`,
  );
}

async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const contents = await contentsOf(client);
    if (contents) {
      throw new BackupError(
        `The database of DATABASE_URL is not empty (it holds ${contents}). A backup is restored into an empty database only: create a new one (createdb) and point DATABASE_URL at it.`,
      );
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot reach the database of DATABASE_URL: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Where each entry of the archive goes in the temporary folder; anything else makes the file damaged. */
function stagedPath(staging: string, manifest: Manifest, name: string): string {
  const under = (prefix: string) => (name.startsWith(`${prefix}/`) ? name.slice(prefix.length + 1) : null);
  const database = manifest.database.kind === 'pglite' ? under(entryNames.pgliteFolder) : null;
  if (database !== null) return path.join(staging, 'db', database);
  if (manifest.database.kind === 'postgres' && name === entryNames.postgresDump) return path.join(staging, 'postgres.dump');
  const key = under(entryNames.files);
  if (key !== null && isStoredKey(key)) return path.join(staging, 'files', key);
  if (manifest.tokenSecret && name === entryNames.tokenSecret) return path.join(staging, '.token-secret');
  throw new ArchiveFormatError(`it holds an entry this version does not know: ${name}`);
}

async function extract(staging: string, manifest: Manifest, entry: ReadEntry): Promise<void> {
  const target = stagedPath(staging, manifest, entry.name);
  if (entry.type === 'directory') {
    await mkdir(target, { recursive: true, mode: privateDirMode });
    for await (const _ of entry.body) void _;
    return;
  }
  await mkdir(path.dirname(target), { recursive: true, mode: privateDirMode });
  // `wx`: an archive that names one file twice is refused. `flush`: on disk before it is moved into place.
  await pipeline(entry.body, createWriteStream(target, { mode: privateFileMode, flags: 'wx', flush: true }));
}

/** The restored embedded database opens, and holds the schema the manifest names. */
async function checkEmbedded(file: string, folder: string, manifest: Manifest): Promise<void> {
  if (!existsSync(path.join(folder, 'PG_VERSION'))) throw new BackupError(`${file} is damaged (it holds no embedded database): nothing was restored.`);
  let found: Manifest['database']['migrations'];
  try {
    const database = await openDatabase({ pgliteDir: folder });
    try {
      found = await migrationLevel(database.db.$client);
    } finally {
      await database.close();
    }
  } catch (error) {
    throw new BackupError(`The embedded database in ${file} could not be opened (${(error as Error).message}): nothing was restored.`);
  }
  if (found.latest !== manifest.database.migrations.latest || found.applied !== manifest.database.migrations.applied) {
    throw new BackupError(`${file} is damaged (its database is not at the migration its manifest names): nothing was restored.`);
  }
}

export async function restoreBackup(config: Config, from: string, say: (line: string) => void = () => undefined): Promise<RestoreReport> {
  const file = path.resolve(from);
  const manifest = await readManifest(file);
  assertRestorable(file, manifest, config);
  const url = config.databaseUrl;
  if (url) await toolVersion('pg_restore');
  const bucket = config.s3 ? createS3Storage(config.s3) : null;
  const dataDir = config.dataDir;
  // The data folder is written when it receives the embedded database, the files or the token secret.
  const writesDataDir = !url || !bucket || manifest.tokenSecret;
  const dataDirExisted = existsSync(dataDir);
  let release = () => undefined as void;
  let staging: string | undefined;
  const placed: string[] = [];
  const uploaded: string[] = [];
  let done = false;
  try {
    if (!url) {
      // The embedded database's folder is one process's: no server may start on it while it is restored.
      try {
        release = lockDataDir(dataDir);
      } catch (error) {
        if (error instanceof DataDirLockedError) throw new BackupError(inUseMessage(error, 'move the data folder away'));
        throw error;
      }
    }
    if (writesDataDir) await assertEmptyFolder(dataDir, url ? [] : ['server.lock']);
    if (url) await assertEmptyDatabase(url);
    if (bucket) {
      for await (const key of bucketKeys(bucket.client, config.s3!.bucket)) {
        throw new BackupError(`The bucket ${config.s3!.bucket} is not empty (it holds ${key}). A backup is restored into an empty bucket only.`);
      }
    }

    // A first reading checks every byte against the checksums and writes nothing; the second, which checks them
    // again, writes into a temporary folder.
    say(`Checking ${file} (made ${manifest.createdAt}) …`);
    await readArchive(file, async (entry) => {
      stagedPath('', manifest, entry.name);
      for await (const _ of entry.body) void _;
    });
    if (writesDataDir) await mkdir(dataDir, { recursive: true, mode: privateDirMode });
    staging = await mkdtemp(writesDataDir ? path.join(dataDir, '.restore-') : path.join(os.tmpdir(), 'beat-restore-'));
    say('Reading it into a temporary folder …');
    const { summary } = await readArchive(file, (entry) => extract(staging!, manifest, entry));
    if (!url) await checkEmbedded(file, path.join(staging, 'db'), manifest);

    // Everything is read and checked: move it into place.
    const stagedFiles = path.join(staging, 'files');
    if (bucket && existsSync(stagedFiles)) {
      say(`Putting ${summary.files} files into ${bucket.location} …`);
      const copied = await copyFolderToStorage(stagedFiles, bucket, (key, outcome) => {
        if (outcome === 'copied') uploaded.push(key);
      });
      if (copied.failed.length > 0) {
        const [first] = copied.failed;
        throw new BackupError(`${copied.failed.length} files could not be put into the bucket (${first!.key}: ${first!.message}): nothing was restored.`);
      }
    } else if (!bucket) {
      await mkdir(stagedFiles, { recursive: true, mode: privateDirMode });
      await rename(stagedFiles, path.join(dataDir, 'files'));
      placed.push(path.join(dataDir, 'files'));
    }
    if (manifest.tokenSecret) {
      await rename(path.join(staging, '.token-secret'), tokenSecretFile(dataDir));
      placed.push(tokenSecretFile(dataDir));
    }
    if (url) {
      say('Restoring the database with pg_restore, in one transaction …');
      try {
        await pgRestore(url, path.join(staging, 'postgres.dump'));
      } catch (error) {
        if (error instanceof BackupError) throw new BackupError(`${error.message}\nNothing was restored: the database is as it was.`);
        throw error;
      }
    } else {
      // Last: a data folder with its database is a store; until then the folder holds nothing a server would start on.
      await rename(path.join(staging, 'db'), path.join(dataDir, 'db'));
      placed.push(path.join(dataDir, 'db'));
    }
    done = true;
    return { ...summary, manifest, filesTo: bucket ? bucket.location : path.join(dataDir, 'files') };
  } catch (error) {
    for (const entry of placed.reverse()) await rm(entry, { recursive: true, force: true });
    const stuck: string[] = [];
    for (const key of uploaded) await bucket!.delete(key).catch(() => stuck.push(key));
    if (stuck.length === 0) throw error;
    throw new BackupError(
      `${(error as Error).message}\n${stuck.length} files put into the bucket could not be deleted again (${stuck[0]}, …): empty the bucket before trying again.`,
    );
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
    release();
    if (!done && !dataDirExisted && existsSync(dataDir)) await rmdir(dataDir).catch(() => undefined);
    bucket?.client.destroy();
  }
}
