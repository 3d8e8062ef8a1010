/**
 * Sends a stored file with HTTP Range support (206), validators and caching headers, or, where the storage hands
 * out presigned URLs, responds with a GET with a redirect to one (docs/storage.md#downloads-and-previews).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition, type ByteRange, type Storage, type StoredFile } from '../adapters/storage/storage.js';
import { notFound } from './errors.js';

/** Parses a single `bytes=` range; undefined means "send it all", null means unsatisfiable. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined; // multiple or malformed ranges: respond with the whole file
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
  /** May a GET be sent to a presigned URL instead (storage that has them only)? Unset: the server sends the bytes. */
  redirect?: RedirectRule;
  /** The file's stat when the caller already asked for it (a bucket needs a request for each stat). */
  stat?: StoredFile;
}

/**
 * `private`: the file is one person's; the URL lives until `notAfter` at the latest (the signed link's end) and never
 * longer than PRIVATE_URL_SECONDS, and the redirect is not kept. `public`: anyone may have the file; the URL is the same
 * for everyone within a window, so browsers and a CDN can keep the file, and the redirect is kept for a short while.
 */
export type RedirectRule = { kind: 'private'; now: Date; notAfter: Date } | { kind: 'public'; now: Date };

export const PRIVATE_URL_SECONDS = 300;
/** A public URL is signed at the start of its window and lives three windows: at least two after any redirect to it. */
export const PUBLIC_WINDOW_SECONDS = 300;
export const PUBLIC_URL_SECONDS = 3 * PUBLIC_WINDOW_SECONDS;

async function presignedUrlFor(storage: Storage, options: SendFileOptions & { redirect: RedirectRule }): Promise<string | null> {
  const { redirect } = options;
  const signedAt =
    redirect.kind === 'private'
      ? redirect.now
      : new Date(Math.floor(redirect.now.getTime() / (PUBLIC_WINDOW_SECONDS * 1000)) * PUBLIC_WINDOW_SECONDS * 1000);
  // Signed times are whole seconds, rounded down: rounding the life down too keeps the URL's end at or before notAfter.
  const expiresInSeconds =
    redirect.kind === 'private'
      ? Math.min(PRIVATE_URL_SECONDS, Math.floor((redirect.notAfter.getTime() - redirect.now.getTime()) / 1000))
      : PUBLIC_URL_SECONDS;
  if (expiresInSeconds < 1) return null;
  return storage.presignGet(options.key, {
    expiresInSeconds,
    signedAt,
    contentType: options.contentType,
    cacheControl: options.cacheControl,
    downloadName: options.downloadName,
  });
}

export async function sendStoredFile(
  storage: Storage,
  request: FastifyRequest,
  reply: FastifyReply,
  options: SendFileOptions,
): Promise<FastifyReply> {
  const file = options.stat ?? (await storage.stat(options.key));
  if (!file) throw notFound('This file is not available.');
  // A HEAD is handled here: a presigned URL is signed for GET alone.
  if (options.redirect && request.method === 'GET') {
    const url = await presignedUrlFor(storage, { ...options, redirect: options.redirect });
    if (url) {
      const cache = options.redirect.kind === 'private' ? 'private, no-store' : `public, max-age=${PUBLIC_WINDOW_SECONDS}`;
      return reply.header('Cache-Control', cache).redirect(url, 302);
    }
  }
  const etag = `"${file.size.toString(16)}-${file.modifiedAt.getTime().toString(16)}"`;
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', options.contentType)
    .header('Cache-Control', options.cacheControl)
    .header('ETag', etag)
    .header('Last-Modified', file.modifiedAt.toUTCString());
  if (options.downloadName) reply.header('Content-Disposition', attachmentDisposition(options.downloadName));

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
