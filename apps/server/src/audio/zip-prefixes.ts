/**
 * Streams through a ZIP archive and hands back the first bytes of the entries asked for, so a large archive is
 * checked without ever being held in memory: unwanted entries are skipped undecompressed, wanted ones are cut off.
 */
import type { Readable } from 'node:stream';
import { Inflate, Unzip, type AsyncFlateStreamHandler, type FlateError, type UnzipFile } from 'fflate';

export interface ZipEntryPrefix {
  name: string;
  /** The entry's first bytes, decompressed: all of it when `truncated` is false. */
  data: Uint8Array;
  truncated: boolean;
  /** The uncompressed size from the local header, when the archive records it there. */
  originalSize?: number;
  /** Set when the entry could not be decompressed (a damaged archive); `data` is then what came before. */
  error?: Error;
}

/** The archive itself is not a readable ZIP (wrong signature sequence, cut short). */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

/**
 * DEFLATE for fflate's Unzip that can be stopped: its own UnzipInflate has no terminate, so an entry we have
 * read enough of would still be decompressed to the end.
 */
class StoppableInflate {
  static compression = 8;
  ondata: AsyncFlateStreamHandler = () => {};
  private stopped = false;
  private readonly inflate = new Inflate((data, final) => this.ondata(null, data, final));

  push(chunk: Uint8Array, final: boolean): void {
    if (this.stopped) return;
    try {
      this.inflate.push(chunk, final);
    } catch (error) {
      this.stopped = true;
      this.ondata(error as FlateError, new Uint8Array(0), final);
    }
  }

  terminate(): void {
    this.stopped = true;
  }
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Yields each wanted entry once its prefix is complete, while the archive is still being read; reading waits
 * while the consumer handles an entry. Throws ZipFormatError when the bytes stop making sense as a ZIP.
 */
export async function* zipEntryPrefixes(
  source: Readable,
  wanted: (name: string) => boolean,
  maxBytes: number,
): AsyncGenerator<ZipEntryPrefix, void, undefined> {
  const ready: ZipEntryPrefix[] = [];
  const unzip = new Unzip((file: UnzipFile) => {
    if (!wanted(file.name)) {
      // Started so fflate does not queue the entry's bytes for later, and stopped so it is not decompressed.
      file.ondata = () => {};
      file.start();
      file.terminate();
      return;
    }
    const parts: Uint8Array[] = [];
    let length = 0;
    let done = false;
    const finish = (truncated: boolean, error?: Error) => {
      done = true;
      ready.push({ name: file.name, data: concat(parts, length), truncated, originalSize: file.originalSize, error });
    };
    file.ondata = (error, data, final) => {
      if (done) return;
      if (error) return finish(false, error);
      const take = Math.min(data.length, maxBytes - length);
      if (take > 0) {
        parts.push(data.slice(0, take));
        length += take;
      }
      if (length >= maxBytes && (take < data.length || !final)) {
        file.terminate();
        finish(true);
      } else if (final) finish(false);
    };
    file.start();
  });
  unzip.register(StoppableInflate);

  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final);
    } catch (error) {
      throw new ZipFormatError(error instanceof Error ? error.message : String(error));
    }
  };
  try {
    for await (const chunk of source) {
      push(chunk as Buffer, false);
      while (ready.length > 0) yield ready.shift()!;
    }
    push(new Uint8Array(0), true);
    while (ready.length > 0) yield ready.shift()!;
  } finally {
    source.destroy();
  }
}
