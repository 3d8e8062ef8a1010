/**
 * Content checks for uploaded audio: the container is identified by its bytes (music-metadata), the stream is
 * decoded in full (ffmpeg) and the duration is the decoded sample count. Refusals are AudioFileError with one
 * plain sentence for the admin; no stack, no ffmpeg text.
 */
import { PassThrough, pipeline, Readable, Transform } from 'node:stream';
import type { IAudioMetadata } from 'music-metadata';
import { describeAudioFormat, describeContent } from './content-kind.js';
import { AudioDecodeError, decodePcm, type InputFormat } from './ffmpeg.js';
import { readWavHeader, WAVE_FORMAT_IEEE_FLOAT, WAVE_FORMAT_PCM } from './wav-header.js';
import { zipEntryPrefixes, ZipFormatError, type ZipEntryPrefix } from './zip-prefixes.js';

export class AudioFileError extends Error {
  override name = 'AudioFileError';
}

export interface Mp3Info {
  format: 'mp3';
  bitrateKbps: number;
  sampleRate: number;
  channels: number;
  durationSeconds: number;
  vbr: boolean;
}

export interface WavInfo {
  format: 'wav';
  sampleRate: number;
  bitDepth: number;
  channels: number;
  durationSeconds: number;
}

export interface StemsInfo {
  format: 'zip';
  stems: { name: string; format: string; durationSeconds: number | null }[];
}

type Open = () => Readable;
type Kind = 'mp3' | 'wav';

const MIN_AUDIO_SECONDS = 1;
const MIN_TAG_SECONDS = 0.2;
const MAX_TAG_SECONDS = 30;
/** Enough of an entry to identify it and decode a few seconds, little enough that no archive can exhaust memory. */
const STEM_PREFIX_BYTES = 2 * 1024 * 1024;
/** Enough to find a WAV's fmt chunk behind the usual bext/JUNK/iXML chunks, and to name what a file looks like. */
const HEAD_BYTES = 256 * 1024;
const STEM_EXTENSIONS = ['.wav', '.mp3', '.aif', '.aiff', '.flac'];

const LABEL: Record<Kind, string> = { mp3: 'MP3', wav: 'WAV' };

function seconds(value: number): string {
  return `${Number(value.toFixed(1))} s`;
}

/**
 * A plain byte stream for music-metadata. It breaks on object-mode streams (Readable.from), and it
 * takes a file stream's path as a hint of the format — the name must never decide (an upload's key
 * ends in the extension it was uploaded as).
 */
function bytesOf(stream: Readable): Readable {
  const plain = new PassThrough();
  stream.on('error', (error) => plain.destroy(error));
  plain.on('close', () => stream.destroy());
  return stream.pipe(plain);
}

/** The first `limit` bytes of a fresh stream (fewer if the file is shorter). */
async function readHead(open: Open, limit = HEAD_BYTES): Promise<Uint8Array> {
  const stream = open();
  const parts: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      parts.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts).subarray(0, limit);
}

/** music-metadata loads with the first upload, not with the server (docs/decisions/0029-start-up.md#loaded-when-used). */
const loadMusicMetadata = () => import('music-metadata');

/**
 * music-metadata's reading of a fresh stream, or null when it does not recognise the content. A failure of the
 * stream itself (storage) is not the file's fault and is rethrown as it is.
 */
async function parseContent(open: Open): Promise<IAudioMetadata | null> {
  const { parseStream } = await loadMusicMetadata();
  const stream = bytesOf(open());
  let streamError: Error | undefined;
  stream.on('error', (error) => {
    streamError ??= error;
  });
  try {
    return await parseStream(stream, undefined, { duration: false, skipCovers: true });
  } catch {
    if (streamError) throw streamError;
    return null;
  } finally {
    // music-metadata stops reading once it has what it needs (an MP3 after a few frames); the rest is not wanted.
    stream.destroy();
  }
}

function isMpegLayer3(metadata: IAudioMetadata): boolean {
  return metadata.format.container === 'MPEG' && /^MPEG (1|2|2\.5) Layer 3$/.test(metadata.format.codec ?? '');
}

/** A WAV we accept holds integer PCM or IEEE float, possibly behind WAVE_FORMAT_EXTENSIBLE. */
async function isPcmWav(metadata: IAudioMetadata, open: Open): Promise<boolean> {
  if (metadata.format.container !== 'WAVE') return false;
  if (metadata.format.codec === 'PCM' || metadata.format.codec === 'IEEE_FLOAT') return true;
  const header = readWavHeader(await readHead(open));
  return header !== null && (header.formatTag === WAVE_FORMAT_PCM || header.formatTag === WAVE_FORMAT_IEEE_FLOAT);
}

function lookalike(metadata: IAudioMetadata | null, head: Uint8Array): string | null {
  return (metadata && describeAudioFormat(metadata.format.container, metadata.format.codec)) ?? describeContent(head);
}

/** Decodes the whole stream and counts frames; also counts the bytes read, for an average bitrate. */
async function decodedLength(open: Open, format: InputFormat, sampleRate: number): Promise<{ frames: number; bytes: number }> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  // pipeline carries a storage error on to the decoder's input, and destroys the file stream if decoding stops.
  const counted = pipeline(open(), counter, () => {});
  let frames = 0;
  // Mono at the file's own rate: the least work for ffmpeg and the pipe, and no resampling to blur the count.
  for await (const chunk of decodePcm(counted, { format, sampleRate, channels: 1 })) frames += chunk.length;
  return { frames, bytes };
}

/** Bytes of a leading ID3v2 tag (cover art can be most of a file), which are no part of the audio's bitrate. */
function id3v2Length(head: Uint8Array): number {
  if (head.length < 10 || head[0] !== 0x49 || head[1] !== 0x44 || head[2] !== 0x33) return 0;
  const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
  const hasFooter = (head[5]! & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}

interface Checked {
  metadata: IAudioMetadata;
  kind: Kind;
  frames: number;
  sampleRate: number;
  /** Bytes of the file after its ID3v2 tag. */
  audioBytes: number;
}

interface Rules {
  label: string;
  accept: Kind[];
  minSeconds: number;
  tooShort: (durationSeconds: number) => string;
}

async function checkAudio(open: Open, { label, accept, minSeconds, tooShort }: Rules): Promise<Checked> {
  const metadata = await parseContent(open);
  let kind: Kind | null = null;
  if (metadata && accept.includes('mp3') && isMpegLayer3(metadata)) kind = 'mp3';
  else if (metadata && accept.includes('wav') && (await isPcmWav(metadata, open))) kind = 'wav';

  if (!metadata || !kind) {
    const head = await readHead(open, 64);
    if (head.length === 0) throw new AudioFileError(`The ${label} file is empty.`);
    const expected = accept.map((k) => LABEL[k]).join(' or ');
    const looksLike = lookalike(metadata, head);
    if (metadata?.format.container === 'WAVE' && accept.includes('wav')) {
      throw new AudioFileError(
        `The ${label} file uses ${metadata.format.codec ?? 'an unknown'} compression; ` +
          'only uncompressed (PCM or float) WAV files are accepted.',
      );
    }
    // "an MP3", "a WAV": the article follows how the initialism is spoken.
    const article = /^[AEFHILMNORSX]/.test(expected) ? 'an' : 'a';
    // It starts like the right kind (an ID3 tag, a RIFF header) but nothing in it reads as such audio.
    if (looksLike && accept.some((k) => looksLike === `${article} ${LABEL[k]} file`)) {
      throw new AudioFileError(`The ${label} file holds no ${expected} audio that can be read; it may be damaged or incomplete.`);
    }
    throw new AudioFileError(
      looksLike
        ? `The ${label} file is not ${article} ${expected}: it looks like ${looksLike}.`
        : `The ${label} file is not ${article} ${expected} or any audio format we recognise.`,
    );
  }

  const sampleRate = metadata.format.sampleRate;
  if (!sampleRate) throw new AudioFileError(`The ${label} file does not say its sample rate, so it cannot be played.`);
  let decoded: { frames: number; bytes: number };
  try {
    decoded = await decodedLength(open, kind, sampleRate);
  } catch (error) {
    if (error instanceof AudioDecodeError) {
      throw new AudioFileError(`The ${label} file could not be decoded; it may be damaged or incomplete.`);
    }
    throw error;
  }
  const durationSeconds = decoded.frames / sampleRate;
  if (durationSeconds < minSeconds) throw new AudioFileError(tooShort(durationSeconds));
  const tagBytes = kind === 'mp3' ? id3v2Length(await readHead(open, 10)) : 0;
  return { metadata, kind, frames: decoded.frames, sampleRate, audioBytes: decoded.bytes - tagBytes };
}

function toInfo(checked: Checked): Mp3Info | WavInfo {
  const { metadata, kind, frames, audioBytes, sampleRate } = checked;
  const durationSeconds = frames / sampleRate;
  const channels = metadata.format.numberOfChannels ?? 2;
  if (kind === 'wav') {
    return { format: 'wav', sampleRate, bitDepth: metadata.format.bitsPerSample ?? 16, channels, durationSeconds };
  }
  const vbr = metadata.format.codecProfile !== 'CBR';
  // A VBR file's frame headers each say something different; its average is what it costs to stream.
  const headerKbps = (metadata.format.bitrate ?? 0) / 1000;
  const bitrateKbps = vbr || !headerKbps ? Math.round((audioBytes * 8) / durationSeconds / 1000) : headerKbps;
  return { format: 'mp3', bitrateKbps, sampleRate, channels, durationSeconds, vbr };
}

/** `open` returns a fresh stream of the same bytes on every call; it is called several times. */
export async function inspectMp3(open: Open): Promise<Mp3Info> {
  return toInfo(await checkAudio(open, beatRules('MP3', 'mp3'))) as Mp3Info;
}

export async function inspectWav(open: Open): Promise<WavInfo> {
  return toInfo(await checkAudio(open, beatRules('WAV', 'wav'))) as WavInfo;
}

function beatRules(label: string, kind: Kind): Rules {
  return {
    label,
    accept: [kind],
    minSeconds: MIN_AUDIO_SECONDS,
    tooShort: (d) => `The ${label} file is too short: it lasts ${seconds(d)}, and it must last at least 1 second.`,
  };
}

/** The store's audio tag: an MP3 or a PCM WAV from 0.2 to 30 seconds long. */
export async function inspectTag(open: Open): Promise<Mp3Info | WavInfo> {
  const info = toInfo(
    await checkAudio(open, {
      label: 'tag',
      accept: ['mp3', 'wav'],
      minSeconds: MIN_TAG_SECONDS,
      tooShort: (d) => `The tag must be at least ${MIN_TAG_SECONDS} seconds long; this one is ${seconds(d)}.`,
    }),
  );
  if (info.durationSeconds > MAX_TAG_SECONDS) {
    throw new AudioFileError(`The tag must be at most ${MAX_TAG_SECONDS} seconds long; this one is ${seconds(info.durationSeconds)}.`);
  }
  return info;
}

function isAudioEntry(name: string): boolean {
  const lower = name.toLowerCase();
  const base = lower.split('/').pop() ?? '';
  if (lower.startsWith('__macosx/') || lower.includes('/__macosx/') || base.startsWith('.') || base === '') return false;
  return STEM_EXTENSIONS.some((ext) => base.endsWith(ext));
}

const STEM_FORMATS: { format: string; input: InputFormat; matches: (m: IAudioMetadata) => boolean }[] = [
  { format: 'wav', input: 'wav', matches: (m) => m.format.container === 'WAVE' },
  { format: 'mp3', input: 'mp3', matches: isMpegLayer3 },
  { format: 'aiff', input: 'aiff', matches: (m) => (m.format.container ?? '').startsWith('AIFF') },
  { format: 'flac', input: 'flac', matches: (m) => m.format.container === 'FLAC' },
];

/** The whole entry's length from what its header says, for entries only a prefix of which was read. */
function declaredSeconds(entry: ZipEntryPrefix, format: string, metadata: IAudioMetadata): number | null {
  if (format === 'wav') {
    const header = readWavHeader(entry.data);
    if (!header?.dataBytes || !header.blockAlign || !header.sampleRate) return null;
    return header.dataBytes / header.blockAlign / header.sampleRate;
  }
  if (format === 'mp3') {
    const bitrate = metadata.format.bitrate;
    return metadata.format.codecProfile === 'CBR' && bitrate && entry.originalSize ? (entry.originalSize * 8) / bitrate : null;
  }
  // FLAC's STREAMINFO and AIFF's COMM chunk state the total, and they sit at the very start.
  return metadata.format.duration ?? null;
}

async function checkStem(entry: ZipEntryPrefix): Promise<StemsInfo['stems'][number]> {
  const name = entry.name;
  if (entry.error) throw new AudioFileError(`The stems ZIP is damaged: "${name}" could not be unpacked.`);
  if (entry.data.length === 0) throw new AudioFileError(`The stem "${name}" in the ZIP is empty.`);
  let metadata: IAudioMetadata | null = null;
  try {
    metadata = await (await loadMusicMetadata()).parseBuffer(entry.data, undefined, { duration: false, skipCovers: true });
  } catch {
    metadata = null;
  }
  const known = metadata ? STEM_FORMATS.find((f) => f.matches(metadata)) : undefined;
  if (!metadata || !known) {
    const looksLike = (metadata && describeAudioFormat(metadata.format.container, metadata.format.codec)) ?? describeContent(entry.data);
    throw new AudioFileError(
      looksLike
        ? `The stem "${name}" in the ZIP is not WAV, MP3, AIFF or FLAC audio: it looks like ${looksLike}.`
        : `The stem "${name}" in the ZIP is not a WAV, MP3, AIFF or FLAC file we can read.`,
    );
  }
  const sampleRate = metadata.format.sampleRate;
  let frames = 0;
  try {
    if (!sampleRate) throw new AudioDecodeError('No sample rate.');
    for await (const chunk of decodePcm(Readable.from([entry.data]), { format: known.input, sampleRate, channels: 1 })) {
      frames += chunk.length;
    }
  } catch (error) {
    if (error instanceof AudioDecodeError) {
      throw new AudioFileError(`The stem "${name}" in the ZIP could not be decoded; it may be damaged.`);
    }
    throw error;
  }
  const durationSeconds = entry.truncated ? declaredSeconds(entry, known.format, metadata) : frames / sampleRate!;
  return { name, format: known.format, durationSeconds };
}

/**
 * A ZIP of stems: every audio entry (by name; macOS metadata and dot-files ignored) must be identifiable and
 * decode. Only the first 2 MiB of each entry is decompressed, so the archive can be any size.
 */
export async function inspectStemsZip(open: Open): Promise<StemsInfo> {
  const head = await readHead(open, 64);
  if (head.length === 0) throw new AudioFileError('The stems file is empty.');
  const isZip = head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
  if (!isZip) {
    const looksLike = describeContent(head);
    throw new AudioFileError(
      looksLike ? `The stems file is not a ZIP archive: it looks like ${looksLike}.` : 'The stems file is not a ZIP archive.',
    );
  }
  const stems: StemsInfo['stems'] = [];
  try {
    for await (const entry of zipEntryPrefixes(open(), isAudioEntry, STEM_PREFIX_BYTES)) stems.push(await checkStem(entry));
  } catch (error) {
    if (error instanceof ZipFormatError) throw new AudioFileError('The stems ZIP is damaged or incomplete and could not be read.');
    throw error;
  }
  if (stems.length === 0) {
    throw new AudioFileError('The stems ZIP holds no audio files: it must contain WAV, MP3, AIFF or FLAC stems.');
  }
  return { format: 'zip', stems };
}
