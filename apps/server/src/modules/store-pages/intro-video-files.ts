/**
 * The intro video's uploaded parts, checked by their first bytes, never by their names
 * (docs/product/store-pages.md#intro-video): MP4 or WebM, a JPEG, PNG or WebP poster, WebVTT captions.
 */
import { randomUUID } from 'node:crypto';
import { finished, Transform, type Readable, type TransformCallback } from 'node:stream';
import { introVideoLimits, MEGABYTE, type IntroVideoPart } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { AppError, badRequest } from '../../lib/errors.js';

export const INTRO_PREFIX = 'intro/';
const HEAD_BYTES = 64;

export interface StoredPart {
  part: IntroVideoPart;
  key: string;
  contentType: string;
  size: number;
}

const names: Record<IntroVideoPart, string> = { video: 'video', poster: 'poster image', captions: 'captions file' };
const sizeText = (bytes: number) => (bytes >= MEGABYTE ? `${Math.round(bytes / MEGABYTE)} MB` : `${Math.round(bytes / 1024)} KB`);

const ascii = (head: Buffer, start: number, text: string) => head.subarray(start, start + text.length).toString('latin1') === text;

/** What the first bytes say the file is, for the part it was sent as; null when it is not what that part takes. */
export function sniffType(part: IntroVideoPart, head: Buffer): string | null {
  if (part === 'video') {
    if (ascii(head, 4, 'ftyp')) return 'video/mp4';
    if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && head.includes('webm', 0, 'latin1')) return 'video/webm';
    return null;
  }
  if (part === 'poster') {
    if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
    if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
    if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
    return null;
  }
  const text = head.subarray(ascii(head, 0, '\xef\xbb\xbf') ? 3 : 0);
  return ascii(text, 0, 'WEBVTT') && (text.length === 6 || [0x20, 0x09, 0x0a, 0x0d].includes(text[6]!)) ? 'text/vtt' : null;
}

/** Passes bytes through, keeping the first ones, and fails with 413 as soon as the file outgrows its limit. */
class HeadAndLimit extends Transform {
  size = 0;
  head = Buffer.alloc(0);

  constructor(private readonly part: IntroVideoPart) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const { maxBytes } = introVideoLimits[this.part];
    this.size += chunk.length;
    if (this.size > maxBytes) {
      return callback(new AppError('PAYLOAD_TOO_LARGE', `The ${names[this.part]} is larger than ${sizeText(maxBytes)}.`));
    }
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    callback(null, chunk);
  }
}

/** Streams one part to storage under a new key and checks its type by content; on any failure nothing is left behind. */
export async function storeIntroPart(deps: Pick<Deps, 'storage'>, part: IntroVideoPart, source: Readable): Promise<StoredPart> {
  const key = `${INTRO_PREFIX}${randomUUID()}`;
  const limit = new HeadAndLimit(part);
  finished(source, (error) => {
    if (error) limit.destroy(error);
  });
  limit.on('error', () => undefined);
  try {
    await deps.storage.put(key, source.pipe(limit));
    if (limit.size === 0) throw badRequest(`The ${names[part]} is empty.`);
    const contentType = sniffType(part, limit.head);
    if (!contentType) throw badRequest(`The ${names[part]} must be ${introVideoLimits[part].label}; this file is not.`);
    return { part, key, contentType, size: limit.size };
  } catch (error) {
    source.unpipe(limit);
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}
