/**
 * Beat files from an admin's upload: each is streamed to storage within its size limit, then checked
 * by decoding it (never by its name): an MP3 must decode as MP3 audio, a WAV as WAV, a stems ZIP must
 * hold audio that decodes. What decoding found (rate, depth, bitrate, length) is kept with the beat.
 * A file that fails is deleted, so a bad file never reaches a beat.
 */
import { randomUUID } from 'node:crypto';
import { finished, Transform, type Readable, type TransformCallback } from 'node:stream';
import { beatFileFields, beatFileRules, MEGABYTE, type BeatFileKind, type Mp3Info, type StemsInfo, type WavInfo } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { checkFormPart } from '../../lib/text-input.js';
import { AudioFileError, inspectMp3, inspectStemsZip, inspectWav } from '../../audio/inspect.js';

export interface StoredBeatFile {
  kind: BeatFileKind;
  key: string;
  size: number;
  info: Mp3Info | WavInfo | StemsInfo;
}

export type StoredBeatFiles = Partial<Record<BeatFileKind, StoredBeatFile>>;

const extension: Record<BeatFileKind, string> = { mp3: 'mp3', wav: 'wav', stems: 'zip' };

/** Where uploaded files live; only these may be deleted when a beat's file is replaced (demo files are shared). */
export const UPLOAD_PREFIX = 'audio/uploads/';

const sizeText = (bytes: number) => `${Math.round(bytes / MEGABYTE)} MB`;

/** Passes bytes through unchanged, failing the stream as soon as the file outgrows its kind's limit. */
class SizeLimit extends Transform {
  size = 0;

  constructor(private readonly kind: BeatFileKind) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const rule = beatFileRules[this.kind];
    this.size += chunk.length;
    if (this.size > rule.maxBytes) return callback(badRequest(`The ${rule.label} file is larger than ${sizeText(rule.maxBytes)}.`));
    callback(null, chunk);
  }
}

const inspectors = { mp3: inspectMp3, wav: inspectWav, stems: inspectStemsZip } as const;

/** Streams one file into storage under a new key and checks it by decoding. On any failure nothing is left behind. */
export async function storeBeatFile(deps: Deps, kind: BeatFileKind, source: Readable): Promise<StoredBeatFile> {
  const key = `${UPLOAD_PREFIX}${randomUUID()}.${extension[kind]}`;
  const limit = new SizeLimit(kind);
  // finished() also reports a source that failed before this call (a form cut short is failed by the parser at once).
  finished(source, (error) => {
    if (error) limit.destroy(error);
  });
  // Bytes start flowing before storage attaches its own listeners; the failure still reaches storage.put.
  limit.on('error', () => undefined);
  try {
    await deps.storage.put(key, source.pipe(limit));
    if (limit.size === 0) throw badRequest(`The ${beatFileRules[kind].label} file is empty.`);
    const info = await inspectors[kind](() => deps.storage.read(key));
    return { kind, key, size: limit.size, info };
  } catch (error) {
    source.unpipe(limit);
    await deps.storage.delete(key).catch(() => undefined);
    throw error instanceof AudioFileError ? badRequest(error.message) : error;
  }
}

export function fileKindOfField(fieldname: string): BeatFileKind | null {
  const entry = (Object.entries(beatFileFields) as [BeatFileKind, string][]).find(([, field]) => field === fieldname);
  return entry ? entry[0] : null;
}

/** The parts of a multipart body, as @fastify/multipart yields them. */
export type FormPart =
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated?: boolean }
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
      try {
        checkFormPart(part);
      } catch (error) {
        failure ??= error;
        if (part.type === 'file') await drain(part.file);
        continue;
      }
      if (part.type === 'field') {
        if (typeof part.value !== 'string') continue;
        // Moods may come as one comma-separated field or as one field per mood (checkboxes): both make one list.
        const earlier = part.fieldname === 'moods' ? fields.moods : undefined;
        fields[part.fieldname] = earlier ? `${earlier},${part.value}` : part.value;
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
