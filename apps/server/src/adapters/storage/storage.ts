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

export interface Storage {
  put(key: string, data: Buffer | Readable): Promise<void>;
  stat(key: string): Promise<StoredFile | null>;
  read(key: string, range?: ByteRange): Readable;
  delete(key: string): Promise<void>;
}

/** Keys are produced by the server, never by a client; this guards against a bug turning one into a path escape. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
