/** Where files live (previews, mp3, wav, stems zips, images). Keys are relative paths like `audio/track-03.mp3`. */
import type { Readable } from 'node:stream';

export interface StoredFile {
  size: number;
  modifiedAt: Date;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/** How a presigned URL responds: its life, and the headers the bucket sends with the file. */
export interface PresignOptions {
  /** Whole seconds from `signedAt`; the URL is refused after that. */
  expiresInSeconds: number;
  /** The moment the URL is signed for (the request's clock); it is valid from then on. */
  signedAt: Date;
  contentType: string;
  cacheControl: string;
  /** Sent as Content-Disposition: attachment with this file name. */
  downloadName?: string;
}

export interface Storage {
  /** Where the files are, for logs and the start-up line: a folder or a bucket. */
  readonly location: string;
  /** Streams `data` in whole; readers see the old file or the new one, never part of one. A failed put leaves nothing behind. */
  put(key: string, data: Buffer | Readable): Promise<void>;
  stat(key: string): Promise<StoredFile | null>;
  /** A missing key fails the stream with an error whose `code` is 'ENOENT'. */
  read(key: string, range?: ByteRange): Readable;
  /** Deleting a missing key is no error. */
  delete(key: string): Promise<void>;
  /** A URL that fetches the file without the server, or null where the storage has none (a local folder). */
  presignGet(key: string, options: PresignOptions): Promise<string | null>;
  /** Answers once the storage is reachable (GET /api/ready); a local folder has nothing to ask. */
  ping?(): Promise<void>;
}

/** Keys are produced by the server, never by a client; this guards against a bug turning one into a path escape. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** Content-Disposition for a download: an ASCII fallback name and the exact one (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
