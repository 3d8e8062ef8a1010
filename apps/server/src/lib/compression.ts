/**
 * Compression of API JSON: brotli or gzip as the client's Accept-Encoding asks, for responses over 1 KB
 * (docs/decisions/0016-catalog-cache.md), through @fastify/compress; the helpers below build and pick the
 * precompressed variants of cached responses. Static files keep their own precompressed copies (web/web-app.ts).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Below this a response fits in a packet or two anyway. */
export const COMPRESS_MIN_BYTES = 1024;

/** Dynamic responses favour speed: quality 4 is close to gzip's time and smaller than its output. */
export const brotliOptions: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};
export const gzipOptions: zlib.ZlibOptions = { level: 6 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export function compress(body: Buffer | string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, gzipOptions);
  // Told the response's size, the encoder sizes its buffers to it instead of to its 4 MB window: faster for small responses.
  const sizeHint = { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) };
  return brotli(body, { ...brotliOptions, params: { ...brotliOptions.params, ...sizeHint } });
}

/**
 * The encoding of a cached answer kept precompressed (lib/cached-json.ts, web/web-app.ts), chosen as @fastify/compress
 * chooses for the rest (its negotiator, with `*` and x-gzip read as gzip): brotli, then gzip, by the client's weights.
 */
const negotiator = new Negotiator<'br' | 'gzip'>({
  supportedValues: ['br', 'gzip'],
  // Browsers send a handful of values, each on every request.
  cache: new LRUCache<string, string>({ max: 64 }),
});

export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip')) ?? 'identity';
}

export function requestEncoding(request: FastifyRequest): ContentEncoding {
  return negotiateEncoding(request.headers['accept-encoding']);
}

/** Adds Accept-Encoding to the response's Vary header, keeping what is there. */
export function varyOnEncoding(current: unknown): string {
  if (current === undefined) return 'Accept-Encoding';
  const values = typeof current === 'string' && current ? current.split(',').map((v) => v.trim()) : [];
  if (values.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return values.join(', ');
  return [...values, 'Accept-Encoding'].join(', ');
}

/**
 * Compresses the JSON responses of the routes that `isApi` names, over 1 KB, with @fastify/compress; an answer that is
 * already encoded (a cached one) goes as it is. Pages and files keep their own precompressed copies.
 */
export async function registerJsonCompression(app: FastifyInstance, isApi: (url: string) => boolean): Promise<void> {
  // Before the plugin's own onRoute hook, which reads the route's `compress` option.
  app.addHook('onRoute', (route) => {
    if (!isApi(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions,
    zlibOptions: gzipOptions,
  });
}
