/**
 * Compression of API JSON: brotli or gzip as the client's Accept-Encoding asks, for responses over 1 KB
 * (docs/decisions/0016-catalog-cache.md). Static files keep their own precompressed copies (web/web-app.ts).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

/** The best encoding the client accepts (RFC 9110 §12.5.3): brotli, then gzip, else none. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/** Each Accept-Encoding met lately and what it chose: browsers send a handful of values, each on every request. */
const negotiated = new Map<string, ContentEncoding>();
const NEGOTIATED_MAX = 64;

export function requestEncoding(request: FastifyRequest): ContentEncoding {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return negotiateEncoding(header);
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiateEncoding(header);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

/** Adds Accept-Encoding to the response's Vary header, keeping what is there. */
export function varyOnEncoding(current: unknown): string {
  if (current === undefined) return 'Accept-Encoding';
  const values = typeof current === 'string' && current ? current.split(',').map((v) => v.trim()) : [];
  if (values.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return values.join(', ');
  return [...values, 'Accept-Encoding'].join(', ');
}

/** Compresses every JSON response over 1 KB of the routes that `isApi` names, unless it is already encoded. */
export function registerJsonCompression(app: FastifyInstance, isApi: (url: string) => boolean): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !isApi(request.url)) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    if (Buffer.byteLength(payload) <= COMPRESS_MIN_BYTES) return payload;
    reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    const encoding = requestEncoding(request);
    if (encoding === 'identity') return payload;
    const body = await compress(payload, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
