/** Sends a stored file with HTTP Range support (206), validators and caching headers. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, Storage } from '../adapters/storage/storage.js';
import { notFound } from './errors.js';

/** Parses a single `bytes=` range; undefined means "send it all", null means unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined; // multiple or malformed ranges: answer the whole file
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return undefined;
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size || start > end) return null;
  return { start, end };
}

export interface SendFileOptions {
  key: string;
  contentType: string;
  cacheControl: string;
  /** Sets Content-Disposition: attachment with this file name. */
  downloadName?: string;
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function sendStoredFile(
  storage: Storage,
  request: FastifyRequest,
  reply: FastifyReply,
  options: SendFileOptions,
): Promise<FastifyReply> {
  const file = await storage.stat(options.key);
  if (!file) throw notFound('This file is not available.');
  const etag = `"${file.size.toString(16)}-${file.modifiedAt.getTime().toString(16)}"`;
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', options.contentType)
    .header('Cache-Control', options.cacheControl)
    .header('ETag', etag)
    .header('Last-Modified', file.modifiedAt.toUTCString());
  if (options.downloadName) reply.header('Content-Disposition', contentDisposition(options.downloadName));

  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, file.size);
  if (range === null) {
    return reply.code(416).header('Content-Range', `bytes */${file.size}`).send();
  }
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('Content-Length', range.end - range.start + 1);
    return reply.send(storage.read(options.key, range));
  }
  reply.header('Content-Length', file.size);
  return reply.send(storage.read(options.key));
}
