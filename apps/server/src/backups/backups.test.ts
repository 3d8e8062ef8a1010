/**
 * Backups that restore (docs/backups.md): a store with an uploaded beat, a purchase and its licence is backed up,
 * restored into an empty data folder (and, on a PostgreSQL server, an empty database) and into an empty bucket, and
 * served again: the buyer downloads the same bytes and the licence verifies. A damaged or unknown file, or a store that
 * is not empty, is refused with a message and nothing is written.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DownloadLink, LicenseVerification, PurchasesResponse } from '@beat/shared';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { beats, type BeatRow, type UserRow } from '../db/schema.js';
import { startRuntime } from '../runtime.js';
import { runJobsUntilIdle } from '../jobs/job-worker.js';
import { createS3Storage } from '../adapters/storage/s3-storage.js';
import { storedKeysIn } from '../adapters/storage/copy-folder-to-storage.js';
import { fixtureMp3, fixtureWav, multipart, validBeatFields } from '../modules/admin/admin-test-kit.js';
import { previewJobHandlers } from '../modules/previews/previews.jobs.js';
import { body, lineOf, openCheckoutOk, payAtTestCheckout } from '../modules/checkout/checkout.test-support.js';
import { authed, createUser, dbKind, freshPostgres, loginAs, type TestApp } from '../test/helper.js';
import { serverLog } from '../test/server-log.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { readArchive, writeArchive, type Manifest } from './archive.js';
import { makeBackup, type BackupReport } from './backup.js';
import { commandConfig } from './command.js';
import { contentsOf, knownMigrations } from './databases.js';
import { bucketKeys } from './stored-files.js';
import { restoreBackup } from './restore.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cleanUps: (() => Promise<void>)[] = [];
let work: string;

/** A store's settings: its data folder, and on a PostgreSQL server a database of its own. */
type StoreEnv = Record<string, string>;

/** An empty store to restore into: a data folder that does not exist yet, and a new, empty database. */
async function emptyStore(extra: StoreEnv = {}): Promise<StoreEnv> {
  const env: StoreEnv = { DATA_DIR: path.join(work, `store-${randomBytes(4).toString('hex')}`), ...extra };
  if (dbKind === 'postgres') {
    const database = await freshPostgres();
    cleanUps.push(database.drop);
    env.DATABASE_URL = database.url;
  }
  return env;
}

/** The store as the server runs it (startRuntime: the data folder's lock, the embedded database on disk), in-process. */
async function startStore(env: StoreEnv): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'never', RATE_LIMIT_SCALE: '1000', WORKER_CONCURRENCY: '0', ...env });
  const runtime = await startRuntime(config);
  const app = await buildApp(runtime.deps, { loggerInstance: serverLog });
  await app.ready();
  const { deps, database } = runtime;
  return {
    app,
    deps,
    config,
    database,
    clock: deps.clock,
    dataDir: config.dataDir,
    log: app.log,
    async close() {
      await app.close();
      await runtime.shutdown();
    },
  };
}

const settings = (env: StoreEnv) => commandConfig({ NODE_ENV: 'test', ...env });
const backUp = (env: StoreEnv, file: string) => makeBackup(settings(env), file);
const restore = (env: StoreEnv, file: string) => restoreBackup(settings(env), file);

/** What a store's database holds, as restore's own check sees it; null when empty. */
async function databaseContents(env: StoreEnv): Promise<string | null> {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    return await contentsOf(client);
  } finally {
    await client.end();
  }
}

/** What a restore that was refused must leave: no data folder, an empty database, an empty bucket. */
async function expectNothingWritten(env: StoreEnv, bucket?: TestS3Server): Promise<void> {
  expect(existsSync(env.DATA_DIR!)).toBe(false);
  if (env.DATABASE_URL) expect(await databaseContents(env)).toBeNull();
  if (bucket) {
    const client = createS3Storage(bucket.settings).client;
    const keys: string[] = [];
    for await (const key of bucketKeys(client, bucket.settings.bucket)) keys.push(key);
    client.destroy();
    expect(keys).toEqual([]);
  }
}

/**
 * Every entry of a backup file after the manifest (a folder's name ending in `/`, as tar lists it), with each stored
 * file's bytes (by key) and the PostgreSQL dump's.
 */
async function entriesOf(file: string): Promise<{ manifest: Manifest; names: string[]; files: Map<string, Buffer>; dump?: Buffer }> {
  const names: string[] = [];
  const files = new Map<string, Buffer>();
  let dump: Buffer | undefined;
  const { manifest } = await readArchive(file, async (entry) => {
    names.push(entry.type === 'directory' ? `${entry.name}/` : entry.name);
    const parts: Buffer[] = [];
    for await (const chunk of entry.body) parts.push(chunk);
    if (entry.name.startsWith('files/')) files.set(entry.name.slice('files/'.length), Buffer.concat(parts));
    if (entry.name === 'database/postgres.dump') dump = Buffer.concat(parts);
  });
  return { manifest, names, files, dump };
}

/** A tar archive built by hand, not compressed: the entries given (files unless said), no checksums unless given. */
async function tarOf(entries: { name: string; data?: Buffer; type?: 'file' | 'symlink' }[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const { name, data = Buffer.alloc(0), type = 'file' } of entries) pack.entry({ name, type, ...(type === 'symlink' && { linkname: 'elsewhere' }) }, data);
  pack.finalize();
  const parts: Buffer[] = [];
  for await (const part of pack) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A backup file built by hand: the entries given, gzip-compressed. */
async function handMade(file: string, entries: Parameters<typeof tarOf>[0]): Promise<void> {
  await writeFile(file, gzipSync(await tarOf(entries)));
}

async function download(store: TestApp, url: string): Promise<Buffer> {
  const res = await store.app.inject({ method: 'GET', url });
  if (res.statusCode === 302) {
    const fromBucket = await fetch(res.headers.location as string);
    expect(fromBucket.status).toBe(200);
    return Buffer.from(await fromBucket.arrayBuffer());
  }
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

/** A link to the MP3 of the buyer's lease. */
async function downloadLink(store: TestApp, token: string, userId: string, beatId: string): Promise<string> {
  const res = await store.app.inject(authed(token, { method: 'POST', url: '/api/download', payload: { beatId, userId, fileType: 'mp3' } }));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as DownloadLink).url;
}

const verifyLicence = (store: TestApp, id: string) => store.app.inject({ method: 'GET', url: `/api/licenses/${id}/verify` });

let s3: TestS3Server;
let storeEnv: StoreEnv;
let backupFile: string;
let buyer: UserRow;
let beat: BeatRow;
let licenceId: string;
let verified: LicenseVerification;
/** The MP3 a lease downloads, made from the uploaded WAV master. */
let sold: Buffer;
/** A download link made before the backup, by the buyer's session then. */
let earlierLink: string;
/** The backup of that store, made once the store stopped. */
let backup: BackupReport;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'beat-backups-'));
  s3 = await startS3Server('restored-files');
  storeEnv = await emptyStore();
  // No TOKEN_SECRET: the store makes one in its data folder, which the backup must carry.
  const store = await startStore(storeEnv);
  try {
    const admin = await loginAs(store, await createUser(store, { isAdmin: true }));
    const created = await store.app.inject(
      authed(admin, {
        method: 'POST',
        url: '/api/admin/beats',
        ...(await multipart(validBeatFields({ beatTitle: 'Backup Tape' }), [
          { name: 'mp3File', filename: 'backup-tape.mp3', data: fixtureMp3(), type: 'audio/mpeg' },
          { name: 'wavFile', filename: 'backup-tape.wav', data: fixtureWav(), type: 'audio/wav' },
        ])),
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    await runJobsUntilIdle(store.deps, previewJobHandlers(store.deps), { log: store.log });
    [beat] = (await store.deps.db.select().from(beats).where(eq(beats.id, (created.json() as { beat: { _id: string } }).beat._id))) as [BeatRow];
    expect(beat.previewKey).toBeTruthy();

    buyer = await createUser(store, { fullName: 'Ada Lovelace' });
    const token = await loginAs(store, buyer);
    const { sessionId } = await openCheckoutOk(store, token, 'beatPurchase', body(buyer, { beatDetails: [lineOf(beat)] }));
    expect((await payAtTestCheckout(store, sessionId)).statusCode).toBe(303);
    const history = await store.app.inject(authed(token, { method: 'GET', url: `/api/getrecentpurchases/${buyer.id}` }));
    [licenceId] = (history.json() as PurchasesResponse).purchases.map((p) => p.licenseId) as [string];

    sold = await download(store, await downloadLink(store, token, buyer.id, beat.id));
    expect(sold.length).toBeGreaterThan(1000);
    earlierLink = await downloadLink(store, token, buyer.id, beat.id);
    const answer = await verifyLicence(store, licenceId);
    expect(answer.statusCode).toBe(200);
    verified = answer.json() as LicenseVerification;
    expect(verified).toMatchObject({ status: 'valid', beatTitle: 'Backup Tape', buyer: 'A** L*******' });
  } finally {
    await store.close();
  }
  backupFile = path.join(work, 'store.tar.gz');
  backup = await backUp(storeEnv, backupFile);
}, 240_000);

afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
  await s3?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe(`npm run backup (${dbKind})`, () => {
  it('writes one file: the manifest, the database, every stored file and the data folder’s token secret, then their checksums', async () => {
    const report = backup;
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(report.manifest).toMatchObject({
      format: 'beat-market-backup',
      formatVersion: 1,
      app: { version: expect.any(String) },
      database: {
        kind: dbKind,
        migrations: { applied: knownMigrations().length, latest: knownMigrations().at(-1)!.when, latestTag: knownMigrations().at(-1)!.tag },
      },
      files: { from: 'folder' },
      tokenSecret: true,
    });
    expect(Date.now() - Date.parse(report.manifest.createdAt)).toBeLessThan(120_000);

    const { manifest, names, files } = await entriesOf(backupFile);
    expect(manifest).toEqual(report.manifest);
    expect(names).toContain(dbKind === 'pglite' ? 'database/pgdata/PG_VERSION' : 'database/postgres.dump');
    expect(names).toContain('data/.token-secret');
    const { keys } = await storedKeysIn(path.join(storeEnv.DATA_DIR!, 'files'));
    expect([...files.keys()].sort()).toEqual(keys);
    expect(keys).toEqual(expect.arrayContaining([beat.mp3Key, beat.wavKey, beat.previewKey]));
    expect(files.get(beat.mp3Key!)!.equals(sold)).toBe(true);
    expect(files.get(beat.wavKey!)!.equals(fixtureWav())).toBe(true);
    expect(report).toMatchObject({ files: keys.length, leftOut: { ignored: [], gone: [] } });
  }, 120_000);

  it('says so when there is no store to back up, and makes no data folder', async () => {
    const nowhere = path.join(work, 'no-store-here');
    await expect(makeBackup(commandConfig({ NODE_ENV: 'test', DATA_DIR: nowhere }), path.join(work, 'nothing.tar.gz'))).rejects.toThrow(
      `There is no embedded database in ${nowhere} (${nowhere}/db holds none). Set DATA_DIR to the store's data folder, or DATABASE_URL for a store on a PostgreSQL server.`,
    );
    expect(existsSync(nowhere)).toBe(false);
    expect(existsSync(path.join(work, 'nothing.tar.gz'))).toBe(false);
  });

  it('never replaces a file', async () => {
    const before = await readFile(backupFile);
    await expect(backUp(storeEnv, backupFile)).rejects.toThrow(`${backupFile} exists already: give a new file name`);
    expect((await readFile(backupFile)).equals(before)).toBe(true);
  });

  if (dbKind === 'pglite') {
    it('refuses while a server holds the embedded database’s data folder, and says to stop it', async () => {
      // The lock file names a live process (the one that started this test run): a running server.
      const lock = path.join(storeEnv.DATA_DIR!, 'server.lock');
      await writeFile(lock, String(process.ppid));
      try {
        const file = path.join(work, 'while-running.tar.gz');
        await expect(backUp(storeEnv, file)).rejects.toThrow(
          new RegExp(`is in use by another Beat Market server \\(pid ${process.ppid}\\)\\. The embedded database belongs to one process: stop the server, run the backup, then start it again`),
        );
        expect(existsSync(file)).toBe(false);
      } finally {
        await rm(lock);
      }
    });
  } else {
    it('dumps the PostgreSQL database while the store serves', async () => {
      const store = await startStore(storeEnv);
      try {
        const file = path.join(work, 'while-serving.tar.gz');
        const answered = verifyLicence(store, licenceId);
        const report = await backUp(storeEnv, file);
        expect((await answered).statusCode).toBe(200);
        expect(report.manifest.database).toMatchObject({ kind: 'postgres', dumpedWith: expect.stringMatching(/^pg_dump \(PostgreSQL\) \d+/) });
      } finally {
        await store.close();
      }
    }, 60_000);
  }
});

describe(`the backup file (${dbKind})`, () => {
  it('is a tar archive GNU tar lists and unpacks: the manifest first, the checksums last', async () => {
    const { manifest, names } = await entriesOf(backupFile);
    const listed = execFileSync('tar', ['-tzf', backupFile], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim().split('\n');
    expect(listed).toEqual(['manifest.json', ...names, 'checksums.json']);
    const out = await mkdtemp(path.join(work, 'unpacked-'));
    execFileSync('tar', ['-xzf', backupFile, '-C', out]);
    expect(JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8'))).toEqual(manifest);
    expect((await readFile(path.join(out, 'files', beat.mp3Key!))).equals(sold)).toBe(true);
    expect(statSync(path.join(out, 'data/.token-secret')).mode & 0o777).toBe(0o600);
  }, 60_000);

  it('takes an entry over 8 GiB: GNU tar and restore read its size', async () => {
    const size = 2 ** 33 + 5;
    const folder = await mkdtemp(path.join(work, 'huge-'));
    const file = path.join(folder, 'huge.tar.gz');
    // The first 4 MiB of the body, then the file as written so far (the streams between hold far less), then a stop.
    let written: Buffer | undefined;
    const chunk = randomBytes(64 * 1024);
    const body = async function* () {
      for (let i = 0; i < 64; i++) yield chunk;
      const partial = (await readdir(folder)).find((name) => name.endsWith('.partial'));
      written = await readFile(path.join(folder, partial!));
      throw new Error('stopped after 4 MiB');
    };
    const entries = async function* () {
      yield { name: 'files/audio/uploads/huge.wav', type: 'file' as const, size, body: body() };
    };
    await expect(writeArchive(file, backup.manifest, entries())).rejects.toThrow('stopped after 4 MiB');
    // A backup that failed leaves no file behind.
    expect(await readdir(folder)).toEqual([]);

    const cut = path.join(folder, 'cut.tar.gz');
    await writeFile(cut, written!);
    const listed = spawnSync('tar', ['-tvzf', cut], { encoding: 'utf8' });
    expect(listed.stdout).toMatch(/^-rw------- 0\/0 +8589934597 .+ files\/audio\/uploads\/huge\.wav$/m);
    const read: [string, number][] = [];
    await expect(
      readArchive(cut, async (entry) => {
        read.push([entry.name, entry.size]);
        for await (const _ of entry.body) void _;
      }),
    ).rejects.toThrow(`${cut} is damaged (unexpected end of file): nothing was restored.`);
    expect(read).toEqual([['files/audio/uploads/huge.wav', size]]);
  }, 60_000);

  it('is never written with an entry that changed while it was read', async () => {
    const folder = await mkdtemp(path.join(work, 'changed-'));
    for (const length of [9, 11]) {
      const entries = async function* () {
        yield { name: 'files/audio/uploads/changed.mp3', type: 'file' as const, size: 10, body: Buffer.alloc(length) };
      };
      await expect(writeArchive(path.join(folder, 'changed.tar.gz'), backup.manifest, entries())).rejects.toThrow(
        `files/audio/uploads/changed.mp3 changed while it was read: 10 bytes were expected, ${length} came`,
      );
      expect(await readdir(folder)).toEqual([]);
    }
  });
});

describe(`npm run restore (${dbKind})`, () => {
  it('restores into an empty store that serves the buyer the same bytes and verifies the licence', async () => {
    const target = await emptyStore();
    const report = await restore(target, backupFile);
    expect(report.filesTo).toBe(path.join(target.DATA_DIR!, 'files'));
    const store = await startStore(target);
    try {
      // The link made before the backup still works: the session, the data folder's token secret and the file came back.
      expect((await download(store, earlierLink)).equals(sold)).toBe(true);
      const token = await loginAs(store, buyer);
      expect((await download(store, await downloadLink(store, token, buyer.id, beat.id))).equals(sold)).toBe(true);
      const answer = await verifyLicence(store, licenceId);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(verified);
    } finally {
      await store.close();
    }
    // Restored once: the store is not empty any more, and a second restore is refused.
    await expect(restore(target, backupFile)).rejects.toThrow(/is not empty \(it holds /);
  }, 120_000);

  it('puts the files into an empty bucket, and backs them up from there', async () => {
    const target = await emptyStore(s3.env);
    const report = await restore(target, backupFile);
    expect(report.filesTo).toBe(`s3://restored-files at ${s3.settings.endpoint}`);
    expect(existsSync(path.join(target.DATA_DIR!, 'files'))).toBe(false);
    const before = await entriesOf(backupFile);
    const bucket = createS3Storage(s3.settings);
    try {
      for (const [key, bytes] of before.files) expect(Buffer.concat(await bucket.read(key).toArray()).equals(bytes), key).toBe(true);
    } finally {
      bucket.client.destroy();
    }

    const fromBucket = path.join(work, 'from-bucket.tar.gz');
    expect((await backUp(target, fromBucket)).manifest.files.from).toBe('bucket');
    const after = await entriesOf(fromBucket);
    expect([...after.files.keys()]).toEqual([...before.files.keys()]);
    for (const [key, bytes] of before.files) expect(after.files.get(key)!.equals(bytes), key).toBe(true);

    // The bucket now holds the files: another restore into it is refused before anything is written.
    const another = await emptyStore(s3.env);
    await expect(restore(another, backupFile)).rejects.toThrow(/The bucket restored-files is not empty \(it holds /);
    await expectNothingWritten(another);
  }, 180_000);

  it('refuses a data folder that is not empty, and leaves it as it was', async () => {
    const target = await emptyStore();
    const folder = target.DATA_DIR!;
    await mkdir(folder);
    await writeFile(path.join(folder, 'notes.txt'), 'keep me');
    await expect(restore(target, backupFile)).rejects.toThrow(
      `The data folder ${folder} is not empty (it holds notes.txt). A backup is restored into an empty data folder only`,
    );
    expect(await readdir(folder)).toEqual(['notes.txt']);
    if (target.DATABASE_URL) expect(await databaseContents(target)).toBeNull();
  });

  if (dbKind === 'postgres') {
    it('refuses a database that is not empty', async () => {
      const target = await emptyStore();
      const client = new pg.Client({ connectionString: target.DATABASE_URL });
      await client.connect();
      await client.query('create table notes (body text)');
      await client.end();
      await expect(restore(target, backupFile)).rejects.toThrow(
        'The database of DATABASE_URL is not empty (it holds table public.notes). A backup is restored into an empty database only',
      );
      expect(existsSync(target.DATA_DIR!)).toBe(false);
    });
  }

  it('refuses a damaged file — a changed byte, a cut-off end — and writes nothing', async () => {
    const bytes = await readFile(backupFile);
    const changed = Buffer.from(bytes);
    changed[Math.floor(bytes.length / 2)]! ^= 0xff;
    const cases = [
      ['changed.tar.gz', changed],
      ['cut.tar.gz', bytes.subarray(0, Math.floor(bytes.length * 0.6))],
    ] as const;
    const target = await emptyStore();
    for (const [name, content] of cases) {
      const file = path.join(work, name);
      await writeFile(file, content);
      await expect(restore(target, file), name).rejects.toThrow(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged \\(.+\\): nothing was restored\\. Use another copy of the backup\\.$`));
      await expectNothingWritten(target);
    }
  }, 120_000);

  it('refuses a file whose tar is damaged inside a sound gzip, and says how', async () => {
    const manifest = Buffer.from(JSON.stringify(backup.manifest));
    const secret = { name: 'data/.token-secret', data: randomBytes(1000) };
    const sound = await tarOf([{ name: 'manifest.json', data: manifest }, secret]);
    // The second header follows the manifest's header and its body, padded to whole 512-byte blocks.
    const second = 512 + Math.ceil(manifest.length / 512) * 512;
    const damaged = Buffer.from(sound);
    damaged[second + 5]! ^= 0x01;
    const cases: [string, Buffer, string][] = [
      ['header.tar.gz', damaged, 'a tar header is damaged (its checksum does not match)'],
      ['ends-early.tar.gz', sound.subarray(0, second + 512 + 100), 'the archive ends early, inside data/.token-secret'],
      ['after-the-end.tar.gz', Buffer.concat([sound, Buffer.alloc(512, 1)]), 'a tar header is damaged (its checksum does not match)'],
      [
        'link.tar.gz',
        await tarOf([{ name: 'manifest.json', data: manifest }, { name: 'files/audio/uploads/link.mp3', type: 'symlink' }]),
        'files/audio/uploads/link.mp3 is neither a file nor a folder (tar type symlink)',
      ],
    ];
    const target = await emptyStore();
    for (const [name, content, why] of cases) {
      const file = path.join(work, name);
      await writeFile(file, gzipSync(content));
      await expect(restore(target, file), name).rejects.toThrow(`${file} is damaged (${why}): nothing was restored. Use another copy of the backup.`);
      await expectNothingWritten(target);
    }
    // The same archive, sound: refused only for what a hand-made file lacks.
    const file = path.join(work, 'sound.tar.gz');
    await writeFile(file, gzipSync(sound));
    await expect(restore(target, file)).rejects.toThrow(`${file} is damaged (its checksums are missing: the file is incomplete)`);
  }, 60_000);

  it('refuses what is not a backup, or one from a newer version, before writing anything', async () => {
    const { manifest } = await entriesOf(backupFile);
    const random = path.join(work, 'random.bin');
    await writeFile(random, randomBytes(5000));
    const otherTar = path.join(work, 'other.tar.gz');
    await handMade(otherTar, [{ name: 'hello.txt', data: Buffer.from('hello') }]);
    const newerFormat = path.join(work, 'newer-format.tar.gz');
    await handMade(newerFormat, [{ name: 'manifest.json', data: Buffer.from(JSON.stringify({ ...manifest, formatVersion: 2 })) }]);
    const newerSchema = path.join(work, 'newer-schema.tar.gz');
    const future = { applied: manifest.database.migrations.applied + 1, latest: knownMigrations().at(-1)!.when + 1, latestTag: '9999_from_the_future' };
    await writeArchive(newerSchema, { ...manifest, database: { ...manifest.database, migrations: future } }, (async function* () {})());
    const target = await emptyStore();
    const otherKind = path.join(work, 'other-kind.tar.gz');
    await writeArchive(otherKind, { ...manifest, database: { ...manifest.database, kind: dbKind === 'pglite' ? 'postgres' : 'pglite' } }, (async function* () {})());

    for (const [file, message] of [
      [random, `${random} is not a Beat Market backup (it is not a gzip-compressed file).`],
      [otherTar, `${otherTar} is not a Beat Market backup (its first entry is hello.txt, not manifest.json).`],
      [newerFormat, `${newerFormat} is a backup of format 2; this version of Beat Market reads format 1.`],
      [newerSchema, `${newerSchema} was made by a newer version of Beat Market (its schema is at migration 9999_from_the_future, this version knows up to ${knownMigrations().at(-1)!.tag}).`],
      [
        otherKind,
        dbKind === 'pglite'
          ? `${otherKind} holds a PostgreSQL server's database: restore it with DATABASE_URL set to a new, empty database.`
          : `${otherKind} holds an embedded database: restore it with DATABASE_URL unset, into an empty DATA_DIR.`,
      ],
      [path.join(work, 'missing.tar.gz'), `There is no file ${path.join(work, 'missing.tar.gz')}.`],
    ]) {
      await expect(restore(target, file!), file).rejects.toThrow(message!);
      await expectNothingWritten(target);
    }
  }, 120_000);

  it('takes back the files it put into the bucket when the database cannot be restored', async () => {
    const { manifest, dump } = await entriesOf(backupFile);
    // Checksums that match, but a database that does not open (embedded), or a dump without its last bytes: pg_restore
    // creates every table and loads all but the last one's rows, then fails, and its transaction takes it all back.
    const broken = path.join(work, 'broken-database.tar.gz');
    const cut = dump?.subarray(0, dump.length - 20);
    const database =
      dbKind === 'pglite'
        ? [{ name: 'database/pgdata/PG_VERSION', type: 'file' as const, size: 3, body: Buffer.from('99\n') }]
        : [{ name: 'database/postgres.dump', type: 'file' as const, size: cut!.length, body: cut! }];
    await writeArchive(broken, manifest, (async function* () {
      yield* database;
      yield { name: 'files/audio/uploads/kept.mp3', type: 'file' as const, size: 4, body: Buffer.from('ID3!') };
      yield { name: 'data/.token-secret', type: 'file' as const, size: 6, body: Buffer.from('secret') };
    })());
    const bucket = await startS3Server('second-bucket');
    cleanUps.push(() => bucket.close());
    const target = await emptyStore(bucket.env);
    await expect(restore(target, broken)).rejects.toThrow(
      dbKind === 'pglite' ? /could not be opened \(.+\): nothing was restored\.$/ : /pg_restore failed \(exit code 1\): [^]*Nothing was restored: the database is as it was\.$/,
    );
    await expectNothingWritten(target, bucket);
  }, 120_000);
});

describe('the command', () => {
  it('prints a refusal alone and exits with 1', async () => {
    // Started as npm runs it (through tsx here), pointed at a file that is no backup.
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', '--from', 'package.json'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, DATA_DIR: path.join(work, 'command-store') },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toContain(`Cannot restore: ${path.join(serverDir, 'package.json')} is not a Beat Market backup (it is not a gzip-compressed file).`);
    expect(existsSync(path.join(work, 'command-store'))).toBe(false);
  }, 60_000);
});
