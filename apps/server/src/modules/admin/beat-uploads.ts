/**
 * Beat files from an admin's upload: each is streamed to storage within its size limit, then checked
 * by decoding it (never by its name): an MP3 must decode as MP3 audio, a WAV as WAV, a stems ZIP must
 * hold audio that decodes. What decoding found (rate, depth, bitrate, length) is kept with the beat.
 * A file that fails is deleted, so a bad file never reaches a beat. A WAV master makes the MP3 buyers download.
 */
import { randomUUID } from 'node:crypto';
import { finished, PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { beatFileFields, beatFileRules, MEGABYTE, type BeatFileKind, type Mp3Info, type StemsInfo, type WavInfo } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { readMultipartForm } from '../../lib/multipart-form.js';
import { AudioFileError, inspectMp3, inspectStemsZip, inspectWav } from '../../audio/inspect.js';
import { soldMp3From } from '../../audio/sold-mp3.js';

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

export type { FormPart } from '../../lib/multipart-form.js';

export interface BeatForm {
  fields: Record<string, string>;
  files: StoredBeatFiles;
}

/** Reads a beat form: text fields as strings (moods, sent as checkboxes or one list, make one list), each file streamed to storage. */
export async function readBeatForm(deps: Deps, parts: AsyncIterable<unknown>): Promise<BeatForm> {
  const read = await readMultipartForm<BeatFileKind, StoredBeatFile>(parts, {
    kindOf: fileKindOfField,
    unexpected: (field) => badRequest(`Unexpected file field "${field}": use mp3File, wavFile or stemsFile.`),
    duplicate: (kind) => badRequest(`Send one ${beatFileRules[kind].label} file at most.`),
    store: (kind, file) => storeBeatFile(deps, kind, file),
    discard: (stored) => deps.storage.delete(stored.key).catch(() => undefined),
  });
  const fields = Object.fromEntries(
    Object.entries(read.fields).map(([name, values]) => [name, name === 'moods' ? values.join(',') : values[values.length - 1]!]),
  );
  try {
    return { fields, files: await withSoldMp3(deps, read.files) };
  } catch (error) {
    await discardBeatFiles(deps, read.files);
    throw error;
  }
}

/**
 * With a WAV master, the MP3 a buyer downloads is made from it (docs/audio-pipeline.md#the-sold-mp3): 320 kbps
 * stereo at 44.1 kHz, whatever MP3 came with it, which is then not kept. Without a WAV the uploaded MP3 is sold as is.
 */
export async function withSoldMp3(deps: Deps, files: StoredBeatFiles): Promise<StoredBeatFiles> {
  const { wav, mp3: uploaded } = files;
  if (!wav) return files;
  const key = `${UPLOAD_PREFIX}${randomUUID()}.mp3`;
  let size = 0;
  const counted = new PassThrough();
  counted.on('data', (chunk: Buffer) => (size += chunk.length));
  try {
    await deps.storage.put(key, soldMp3From(deps.storage.read(wav.key), 'wav').pipe(counted));
    const info = await inspectMp3(() => deps.storage.read(key));
    if (uploaded) await deps.storage.delete(uploaded.key).catch(() => undefined);
    return { ...files, mp3: { kind: 'mp3', key, size, info } };
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

export async function discardBeatFiles(deps: Deps, files: StoredBeatFiles): Promise<void> {
  await Promise.all(Object.values(files).map((f) => deps.storage.delete(f.key).catch(() => undefined)));
}
