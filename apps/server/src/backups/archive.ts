/**
 * The backup file (docs/backups.md#the-backup-file): a gzip-compressed tar whose first entry is the manifest, then the
 * database, the files and the data folder's token secret, and last the size and SHA-256 of every entry before it. A
 * file is written under a temporary name and renamed once complete; it is read back entry by entry, and refused, with
 * a message that says why, when it is not a backup, comes from a newer version, or is damaged anywhere. The tar
 * format is tar-stream's; the bytes stream through it, never a whole archive in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip, createGunzip, constants as zlib } from 'node:zlib';
import * as tar from 'tar-stream';
import { z } from 'zod';

export const BACKUP_FORMAT = 'beat-market-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** Where each part sits in the archive. */
export const entryNames = {
  manifest: 'manifest.json',
  /** The embedded database's folder (DATA_DIR/db), file by file. */
  pgliteFolder: 'database/pgdata',
  /** A PostgreSQL server's database, in pg_dump's custom format. */
  postgresDump: 'database/postgres.dump',
  /** Each stored file under its key. */
  files: 'files',
  /** DATA_DIR/.token-secret, when the store keeps its token secret there. */
  tokenSecret: 'data/.token-secret',
  checksums: 'checksums.json',
} as const;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  /** The server package's version that made the backup. */
  app: z.object({ version: z.string() }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** `select version()` of the database that was backed up. */
    server: z.string(),
    /** What made the dump: the embedded database's folder, or pg_dump and its version. */
    dumpedWith: z.string(),
    /** The schema's migration level: how many were applied, and the newest (its journal time and tag). */
    migrations: z.object({ applied: z.number().int().nonnegative(), latest: z.number().int().nonnegative(), latestTag: z.string().nullable() }),
  }),
  files: z.object({ from: z.enum(['folder', 'bucket']) }),
  tokenSecret: z.boolean(),
});
export type Manifest = z.infer<typeof manifestSchema>;

const checksumsSchema = z.object({
  entries: z.array(z.object({ name: z.string(), type: z.enum(['file', 'directory']), size: z.number().int().nonnegative(), sha256: z.string() })),
});

/** A refusal of the backup or restore command: its message says what to do, and is all that is printed. */
export class BackupError extends Error {}

/** Why a file is no readable archive, or a damaged one: the message is the reason, told inside a BackupError's. */
export class ArchiveFormatError extends Error {}

export type EntryType = 'file' | 'directory';

/** An entry to write: a body of exactly `size` bytes (none for a folder). */
export interface ArchiveEntry {
  name: string;
  type: EntryType;
  size: number;
  body?: AsyncIterable<Buffer> | Buffer;
}

/** An entry read back: its body comes from the file as it is iterated, and must be read whole before the next entry. */
export interface ReadEntry {
  name: string;
  type: EntryType;
  size: number;
  body: AsyncIterable<Buffer>;
}

export interface ArchiveSummary {
  entries: number;
  /** Stored files and their bytes. */
  files: number;
  fileBytes: number;
  databaseBytes: number;
}

/** A name the archive may hold: relative, `/`-separated, plain characters, no `.` or `..` part. */
export function isArchiveName(name: string): boolean {
  return /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/.test(name) && !name.split('/').some((part) => part === '.' || part === '..');
}

function tally(summary: ArchiveSummary, entry: { name: string; type: EntryType; size: number }): void {
  summary.entries += 1;
  if (entry.type !== 'file') return;
  if (entry.name.startsWith(`${entryNames.files}/`)) {
    summary.files += 1;
    summary.fileBytes += entry.size;
  } else if (entry.name.startsWith('database/')) {
    summary.databaseBytes += entry.size;
  }
}

/** The largest size a ustar header's 11 octal digits hold (8 GiB − 1). */
const MAX_USTAR_SIZE = 0o77777777777;

/**
 * An entry's body, hashed as it passes, and cut off with an error when it turns out longer or shorter than `size` (a
 * file that changed while it was read): an archive never holds a torn entry.
 */
async function* checkedBody(entry: ArchiveEntry, hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
  let seen = 0;
  for await (const chunk of Buffer.isBuffer(entry.body) ? [entry.body] : (entry.body ?? [])) {
    seen += chunk.length;
    if (seen > entry.size) break;
    hash.update(chunk);
    yield chunk;
  }
  if (seen !== entry.size) throw new Error(`${entry.name} changed while it was read: ${entry.size} bytes were expected, ${seen} came`);
}

/**
 * One entry into the tar stream, owner-only like the data folder. A size beyond 8 GiB goes into a pax header (the
 * POSIX form) as well as tar-stream's base-256 size field (the GNU form): GNU tar and bsdtar read either.
 */
async function packEntry(pack: tar.Pack, entry: ArchiveEntry): Promise<string> {
  const hash = createHash('sha256');
  const directory = entry.type === 'directory';
  const header: Partial<tar.Header> & { name: string } = {
    name: directory ? `${entry.name}/` : entry.name,
    type: entry.type,
    size: directory ? 0 : entry.size,
    mode: directory ? 0o700 : 0o600,
    mtime: new Date(),
  };
  if (entry.size > MAX_USTAR_SIZE) header.pax = { size: String(entry.size) };
  await pipeline(directory ? [] : checkedBody(entry, hash), pack.entry(header));
  return hash.digest('hex');
}

/** The manifest, the entries and the checksums into `pack`; a failure destroys it, so its reader fails too. */
async function packArchive(pack: tar.Pack, manifest: Manifest, entries: AsyncIterable<ArchiveEntry>, summary: ArchiveSummary): Promise<void> {
  try {
    const listed: z.infer<typeof checksumsSchema>['entries'] = [];
    const add = async (entry: ArchiveEntry) => {
      if (!isArchiveName(entry.name)) throw new Error(`${entry.name} cannot be put in a backup`);
      listed.push({ name: entry.name, type: entry.type, size: entry.size, sha256: await packEntry(pack, entry) });
      tally(summary, entry);
    };
    const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
    const manifestBytes = json(manifestSchema.parse(manifest));
    await add({ name: entryNames.manifest, type: 'file', size: manifestBytes.length, body: manifestBytes });
    for await (const entry of entries) await add(entry);
    const checksums = json({ entries: listed });
    await packEntry(pack, { name: entryNames.checksums, type: 'file', size: checksums.length, body: checksums });
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
    throw error;
  }
}

/**
 * Writes a backup file at `file`: the manifest, the entries in the order given, the checksums. The bytes go to
 * `FILE.<random>.partial` (the owner's only), flushed to disk and renamed to `file` only when complete; a failure
 * removes them. An existing `file` is never replaced.
 */
export async function writeArchive(file: string, manifest: Manifest, entries: AsyncIterable<ArchiveEntry>): Promise<ArchiveSummary & { bytes: number }> {
  if (existsSync(file)) throw new BackupError(`${file} exists already: give a new file name (a backup never replaces a file).`);
  const summary: ArchiveSummary = { entries: 0, files: 0, fileBytes: 0, databaseBytes: 0 };
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  const out = createWriteStream(partial, { mode: 0o600, flags: 'wx', flush: true });
  const pack = tar.pack();
  // Entries go in while the archive's bytes go out; the first failure of either is the one told.
  let failure: unknown;
  const settled = (work: Promise<unknown>) => work.catch((error: unknown) => void (failure ??= error));
  try {
    // Audio is compressed already: the fastest level, which still shrinks the database well.
    await Promise.all([settled(packArchive(pack, manifest, entries, summary)), settled(pipeline(pack, createGzip({ level: zlib.Z_BEST_SPEED }), out))]);
    if (failure) throw failure;
    if (existsSync(file)) throw new BackupError(`${file} appeared while the backup was written: give a new file name.`);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { ...summary, bytes: out.bytesWritten };
}

/** Why an archive could not be read: before its manifest it is not a backup at all; after, it is damaged. */
function readFailure(file: string, error: unknown, manifestSeen: boolean): Error {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new BackupError(`There is no file ${file}.`);
  if (code === 'EISDIR') return new BackupError(`${file} is a folder, not a backup file.`);
  const isGzip = typeof code === 'string' && code.startsWith('Z_');
  if (!isGzip && !(error instanceof ArchiveFormatError)) return error as Error;
  const why = isGzip && !manifestSeen ? 'it is not a gzip-compressed file' : (error as Error).message;
  return manifestSeen
    ? new BackupError(`${file} is damaged (${why}): nothing was restored. Use another copy of the backup.`)
    : new BackupError(`${file} is not a Beat Market backup (${why}).`);
}

/** tar-stream's refusals, told in the words of the backup's messages. */
const tarRefusals: [start: string, reason: string][] = [
  ['Invalid tar header. Maybe', 'a tar header is damaged (its checksum does not match)'],
  ['Invalid tar header: unknown format', 'a header is not a ustar tar header'],
  ['Unexpected end of data', 'the archive ends early'],
];

/**
 * An error out of the tar reader as an ArchiveFormatError. tar-stream's own carry no `code`, unlike those of the file
 * (ENOENT…), of gunzip (Z_…) and of Node's streams (ERR_…), which are left as they are.
 */
function tarFailure(error: unknown, inside?: string): unknown {
  if (!(error instanceof Error) || error instanceof ArchiveFormatError || 'code' in error) return error;
  const known = tarRefusals.find(([start]) => error.message.startsWith(start))?.[1];
  const reason = known ?? `a tar header is damaged (${error.message})`;
  return new ArchiveFormatError(known === 'the archive ends early' && inside ? `${reason}, inside ${inside}` : reason);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readSmall(entry: ReadEntry, most: number): Promise<Buffer> {
  if (entry.size > most) throw new ArchiveFormatError(`${entry.name} is ${entry.size} bytes, more than a backup writes there`);
  const parts: Buffer[] = [];
  for await (const chunk of entry.body) parts.push(chunk);
  return Buffer.concat(parts);
}

function parseManifest(file: string, entry: ReadEntry, bytes: Buffer): Manifest {
  if (entry.name !== entryNames.manifest || entry.type !== 'file') {
    throw new BackupError(`${file} is not a Beat Market backup (its first entry is ${entry.name}, not ${entryNames.manifest}).`);
  }
  const json = parseJson(bytes.toString('utf8'));
  if (json === undefined) throw new BackupError(`${file} is not a Beat Market backup (its manifest is not JSON).`);
  const head = z.object({ format: z.string(), formatVersion: z.number() }).safeParse(json);
  if (!head.success || head.data.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a Beat Market backup (its manifest names no Beat Market backup format).`);
  if (head.data.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} is a backup of format ${head.data.formatVersion}; this version of Beat Market reads format ${BACKUP_FORMAT_VERSION}. Restore it with the version that made it, or a newer one.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupError(`${file} has a damaged manifest (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}).`);
  return parsed.data;
}

/** An entry's body from tar-stream (Buffers), its refusals told as ArchiveFormatErrors. */
async function* bodyOf(source: AsyncIterable<unknown>, name: string): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of source) yield chunk as Buffer;
  } catch (error) {
    throw tarFailure(error, name);
  }
}

/**
 * The archive's entries, from the gunzipped file: regular files and folders only (a folder's name without its trailing
 * `/`). The streams close when the iteration stops, however it stops.
 */
async function* entriesOf(file: string): AsyncGenerator<ReadEntry> {
  const extract = tar.extract();
  // Its failures reach the entries below: each stream of the pipeline is destroyed with the first error.
  const reading = pipeline(createReadStream(file), createGunzip(), extract).catch(() => undefined);
  const entries = extract[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await entries.next().catch((error: unknown) => {
        throw tarFailure(error);
      });
      if (next.done) break;
      const { header } = next.value;
      if (header.type !== 'file' && header.type !== 'directory') {
        throw new ArchiveFormatError(`${header.name} is neither a file nor a folder (tar type ${header.type ?? 'unknown'})`);
      }
      const name = header.type === 'directory' ? header.name.replace(/\/$/, '') : header.name;
      yield { name, type: header.type, size: header.size, body: bodyOf(next.value, name) };
    }
  } finally {
    await entries.return?.();
    await reading;
  }
}

/** Reads only the manifest: what a backup holds, told before anything is written. */
export async function readManifest(file: string): Promise<Manifest> {
  try {
    for await (const entry of entriesOf(file)) return parseManifest(file, entry, await readSmall(entry, 64 * 1024));
    throw new ArchiveFormatError('the archive is empty');
  } catch (error) {
    throw readFailure(file, error, false);
  }
}

/**
 * Reads the whole backup file: the manifest first, then every entry, handed to `onEntry` (which must read its body),
 * each checked against the checksums at the end. Resolves only when every byte was read and matched; a damaged,
 * truncated or unknown file rejects with a BackupError that says so.
 */
export async function readArchive(file: string, onEntry: (entry: ReadEntry) => Promise<void>): Promise<{ manifest: Manifest; summary: ArchiveSummary }> {
  let manifest: Manifest | null = null;
  const summary: ArchiveSummary = { entries: 0, files: 0, fileBytes: 0, databaseBytes: 0 };
  const seen: z.infer<typeof checksumsSchema>['entries'] = [];
  let verified = false;
  try {
    for await (const entry of entriesOf(file)) {
      if (verified) throw new ArchiveFormatError(`${entry.name} follows the checksums, which end a backup`);
      if (!manifest) {
        const bytes = await readSmall(entry, 64 * 1024);
        manifest = parseManifest(file, entry, bytes);
        seen.push({ name: entry.name, type: 'file', size: entry.size, sha256: createHash('sha256').update(bytes).digest('hex') });
        tally(summary, entry);
        continue;
      }
      if (entry.name === entryNames.checksums) {
        const text = (await readSmall(entry, 256 * 1024 * 1024)).toString('utf8');
        const listed = checksumsSchema.safeParse(parseJson(text));
        if (!listed.success) throw new ArchiveFormatError('its checksums cannot be read');
        const mismatch = listed.data.entries.findIndex((want, i) => JSON.stringify(want) !== JSON.stringify(seen[i]));
        if (mismatch !== -1 || listed.data.entries.length !== seen.length) {
          const name = listed.data.entries[mismatch]?.name ?? seen[listed.data.entries.length]?.name ?? 'an entry';
          throw new ArchiveFormatError(`${name} does not match its checksum`);
        }
        verified = true;
        continue;
      }
      if (!isArchiveName(entry.name)) throw new ArchiveFormatError(`it holds an entry named ${JSON.stringify(entry.name)}`);
      const hash = createHash('sha256');
      let size = 0;
      await onEntry({
        ...entry,
        body: (async function* () {
          for await (const chunk of entry.body) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        })(),
      });
      if (size !== entry.size) throw new Error(`${entry.name} was not read whole`);
      seen.push({ name: entry.name, type: entry.type, size: entry.size, sha256: hash.digest('hex') });
      tally(summary, entry);
    }
    if (!manifest) throw new ArchiveFormatError('the archive is empty');
    if (!verified) throw new ArchiveFormatError('its checksums are missing: the file is incomplete');
  } catch (error) {
    throw readFailure(file, error, manifest !== null);
  }
  return { manifest, summary };
}
