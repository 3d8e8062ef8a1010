/**
 * A JSON response serialised once and compressed once per encoding, sent with a strong ETag and served
 * as 304 when the client already has it (docs/decisions/0016-catalog-cache.md).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_MIN_BYTES, compress, gzipOptions, requestEncoding, varyOnEncoding, type ContentEncoding } from './compression.js';

/** Revalidated on every use: a cached copy is never shown after the response changed, and a 304 costs little. */
export const CACHED_JSON_CACHE_CONTROL = 'public, no-cache';

export class CachedJson {
  private readonly variants = new Map<'br' | 'gzip', Buffer>();
  private readonly pending = new Map<'br' | 'gzip', Promise<Buffer>>();
  onResize: (() => void) | null = null;
  private readonly etags: Record<ContentEncoding, string>;

  private constructor(
    /** The ETag's opaque part, without quotes or encoding. */
    readonly tag: string,
    private readonly identity: Buffer | null,
    readonly length: number,
  ) {
    this.etags = { identity: `"${tag}"`, br: `"${tag}-br"`, gzip: `"${tag}-gzip"` };
  }

  /** A response kept as JSON; its compressed variants are made on first need. */
  static fromJson(tag: string, json: Buffer): CachedJson {
    return new CachedJson(tag, json, json.length);
  }

  /**
   * A large response kept only in brotli. Its gzip form is made from it, streaming, the first time a client asks for
   * gzip, and kept from then on; a client that accepts neither gets it decompressed as a stream
   * (docs/decisions/0018-embedded-database-memory.md).
   */
  static fromBrotli(tag: string, length: number, br: Buffer): CachedJson {
    const answer = new CachedJson(tag, null, length);
    answer.variants.set('br', br);
    return answer;
  }

  bytes(): number {
    let total = this.identity?.length ?? 0;
    for (const variant of this.variants.values()) total += variant.length;
    return total;
  }

  get compressible(): boolean {
    return this.length > COMPRESS_MIN_BYTES;
  }

  /** The body in this encoding when it is already made: no promise to wait for (the cache's every hit after the first). */
  ready(encoding: ContentEncoding): Buffer | undefined {
    return encoding === 'identity' ? (this.identity ?? undefined) : this.variants.get(encoding);
  }

  /** The ETag header of this response in this encoding. */
  etag(encoding: ContentEncoding): string {
    return this.etags[encoding];
  }

  /** The body in this encoding, made (and kept) when it is not yet. */
  async body(encoding: ContentEncoding): Promise<Buffer | Readable> {
    const ready = this.ready(encoding);
    if (ready) return ready;
    if (encoding === 'identity') return Readable.from([this.variants.get('br')!]).pipe(zlib.createBrotliDecompress());
    let making = this.pending.get(encoding);
    if (!making) {
      const made = this.identity ? compress(this.identity, encoding) : gzipFromBrotli(this.variants.get('br')!);
      making = made.then(
        (variant) => {
          this.variants.set(encoding, variant);
          this.pending.delete(encoding);
          this.onResize?.();
          return variant;
        },
        (error: unknown) => {
          // The next request tries again.
          this.pending.delete(encoding);
          throw error;
        },
      );
      this.pending.set(encoding, making);
    }
    return making;
  }
}

/** The gzip form of a brotli body, streamed through both codecs: the JSON is never whole in memory. */
async function gzipFromBrotli(br: Buffer): Promise<Buffer> {
  const parts: Buffer[] = [];
  await pipeline(Readable.from([br]), zlib.createBrotliDecompress(), zlib.createGzip(gzipOptions), async (gzipped: AsyncIterable<Buffer>) => {
    for await (const part of gzipped) parts.push(part);
  });
  return Buffer.concat(parts);
}

/** Whether an If-None-Match header names this response, in any of its encodings (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((raw) => {
    const value = raw.trim();
    if (value === '*') return true;
    const opaque = value.replace(/^W\//, '').replace(/^"|"$/g, '');
    return opaque === tag || opaque === `${tag}-br` || opaque === `${tag}-gzip`;
  });
}

/** Sends a cached response; one still being built is sent once it is. */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedJson | Promise<CachedJson>,
): FastifyReply | Promise<FastifyReply> {
  if (answer instanceof Promise) return answer.then((built) => sendCachedJson(request, reply, built));
  const encoding = answer.compressible ? requestEncoding(request) : 'identity';
  reply.header('cache-control', CACHED_JSON_CACHE_CONTROL);
  reply.header('etag', answer.etag(encoding));
  if (answer.compressible) reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
  if (matchesEtag(request.headers['if-none-match'], answer.tag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  const ready = answer.ready(encoding);
  if (ready) return reply.send(ready);
  return answer.body(encoding).then((body) => reply.send(body));
}
