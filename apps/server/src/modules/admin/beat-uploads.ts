/**
 * Beat files from an admin's upload: each is streamed to storage while its size and content are
 * checked (MP3 frames or an ID3 tag, RIFF/WAVE, a ZIP's local header), so nothing is held in memory
 * and a bad file never reaches a beat. The MP3's duration is read on the way through.
 */
import { randomUUID } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { beatFileFields, beatFileRules, MEGABYTE, type BeatFileKind } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { Mp3Error, Mp3Scanner } from './mp3-info.js';

export interface StoredBeatFile {
  kind: BeatFileKind;
  key: string;
  size: number;
  /** MP3 only. */
  durationSeconds?: number;
}

export type StoredBeatFiles = Partial<Record<BeatFileKind, StoredBeatFile>>;

const extension: Record<BeatFileKind, string> = { mp3: 'mp3', wav: 'wav', stems: 'zip' };

/** Where uploaded files live; only these may be deleted when a beat's file is replaced (demo files are shared). */
export const UPLOAD_PREFIX = 'audio/uploads/';

const sizeText = (bytes: number) => `${Math.round(bytes / MEGABYTE)} MB`;

function startsWith(head: Buffer, text: string, at = 0): boolean {
  return head.subarray(at, at + text.length).equals(Buffer.from(text, 'latin1'));
}

/** The first bytes each kind must start with: a RIFF/WAVE header, a ZIP local file header. */
function checkHead(kind: 'wav' | 'stems', head: Buffer): string | null {
  if (kind === 'wav') {
    return startsWith(head, 'RIFF') && startsWith(head, 'WAVE', 8) ? null : 'The WAV file is not a WAV: it has no RIFF/WAVE header.';
  }
  return startsWith(head, 'PK\x03\x04') ? null : 'The stems file is not a ZIP archive.';
}

const HEAD_BYTES = 12;

/** Passes bytes through unchanged, failing the stream as soon as they break the kind's rules. */
class BeatFileInspector extends Transform {
  size = 0;
  private head = Buffer.alloc(0);
  private headChecked = false;
  readonly scanner: Mp3Scanner | null;

  constructor(private readonly kind: BeatFileKind) {
    super();
    this.scanner = kind === 'mp3' ? new Mp3Scanner() : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const rule = beatFileRules[this.kind];
    this.size += chunk.length;
    if (this.size > rule.maxBytes) {
      return callback(badRequest(`The ${rule.label} file is larger than ${sizeText(rule.maxBytes)}.`));
    }
    try {
      if (this.scanner) {
        this.scanner.push(chunk);
      } else if (!this.headChecked) {
        this.head = Buffer.concat([this.head, chunk]).subarray(0, HEAD_BYTES);
        if (this.head.length >= HEAD_BYTES) {
          this.headChecked = true;
          const problem = checkHead(this.kind as 'wav' | 'stems', this.head);
          if (problem) return callback(badRequest(problem));
        }
      }
    } catch (error) {
      return callback(error instanceof Mp3Error ? badRequest(`The MP3 file is not valid. ${error.message}`) : (error as Error));
    }
    callback(null, chunk);
  }

  /** Checks that need the whole file: an empty or tiny file, the MP3's frames. */
  result(): { durationSeconds?: number } {
    const rule = beatFileRules[this.kind];
    if (this.size === 0) throw badRequest(`The ${rule.label} file is empty.`);
    if (this.scanner) {
      try {
        return { durationSeconds: this.scanner.finish().durationSeconds };
      } catch (error) {
        if (error instanceof Mp3Error) throw badRequest(`The MP3 file is not valid. ${error.message}`);
        throw error;
      }
    }
    if (!this.headChecked) {
      const problem = checkHead(this.kind as 'wav' | 'stems', this.head);
      if (problem) throw badRequest(problem);
    }
    return {};
  }
}

/** Streams one file into storage under a new key. On any failure nothing is left behind. */
export async function storeBeatFile(deps: Deps, kind: BeatFileKind, source: Readable): Promise<StoredBeatFile> {
  const key = `${UPLOAD_PREFIX}${randomUUID()}.${extension[kind]}`;
  const inspector = new BeatFileInspector(kind);
  source.on('error', (error) => inspector.destroy(error));
  // Bytes start flowing before storage attaches its own listeners; the failure still reaches storage.put.
  inspector.on('error', () => undefined);
  try {
    await deps.storage.put(key, source.pipe(inspector));
    const { durationSeconds } = inspector.result();
    return { kind, key, size: inspector.size, durationSeconds };
  } catch (error) {
    source.unpipe(inspector);
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

export function fileKindOfField(fieldname: string): BeatFileKind | null {
  const entry = (Object.entries(beatFileFields) as [BeatFileKind, string][]).find(([, field]) => field === fieldname);
  return entry ? entry[0] : null;
}

/** The parts of a multipart body, as @fastify/multipart yields them. */
export type FormPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; file: Readable };

export interface BeatForm {
  fields: Record<string, string>;
  files: StoredBeatFiles;
}

async function drain(stream: Readable): Promise<void> {
  stream.resume();
  if (stream.readableEnded || stream.destroyed) return;
  await new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

/**
 * Reads a beat form: text fields as strings, each file streamed to storage. The whole body is read
 * even after a failure, so the client always receives the answer; then the first failure is thrown
 * and every file stored for this request is deleted.
 */
export async function readBeatForm(deps: Deps, parts: AsyncIterable<FormPart>): Promise<BeatForm> {
  const fields: Record<string, string> = {};
  const files: StoredBeatFiles = {};
  let failure: unknown = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const kind = fileKindOfField(part.fieldname);
      // A browser sends an empty file input as a part with no file name: that is "no file".
      if (failure || part.filename === '') {
        await drain(part.file);
        continue;
      }
      if (!kind || files[kind]) {
        failure = badRequest(
          kind
            ? `Send one ${beatFileRules[kind].label} file at most.`
            : `Unexpected file field "${part.fieldname}": use mp3File, wavFile or stemsFile.`,
        );
        await drain(part.file);
        continue;
      }
      try {
        files[kind] = await storeBeatFile(deps, kind, part.file);
      } catch (error) {
        failure = error;
        await drain(part.file);
      }
    }
  } catch (error) {
    failure ??= error;
  }
  if (failure) {
    await discardBeatFiles(deps, files);
    throw interrupted(failure) ? badRequest('The upload was interrupted before it finished. Please try again.') : failure;
  }
  return { fields, files };
}

/** The client went away mid-upload (closed the tab, cancelled): its request, not a fault of the server. */
function interrupted(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || message === 'aborted';
}

export async function discardBeatFiles(deps: Deps, files: StoredBeatFiles): Promise<void> {
  await Promise.all(Object.values(files).map((f) => deps.storage.delete(f.key).catch(() => undefined)));
}
