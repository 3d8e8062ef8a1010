/**
 * Reading a multipart form whose files go straight to storage (a beat's audio, the intro video). The whole body is
 * read even after a failure, so the client always receives the response; then the first failure is thrown and every
 * file stored for the request is deleted: nothing half-written stays. A client that goes away mid-upload gets a
 * readable 400, not a server error.
 */
import type { Readable } from 'node:stream';
import { badRequest, type AppError } from './errors.js';
import { checkFormPart } from './text-input.js';

/** The parts of a multipart body, as @fastify/multipart yields them. */
export type FormPart =
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated?: boolean }
  | { type: 'file'; fieldname: string; filename: string; file: Readable };

export interface FormFiles<K extends string, S> {
  /** Which file a field holds, or null for a field the form does not take. */
  kindOf(fieldname: string): K | null;
  /** The 400 for a file field the form does not take. */
  unexpected(fieldname: string): AppError;
  /** The 400 for a second file of one kind. */
  duplicate(kind: K, fieldname: string): AppError;
  /** Streams one file to storage, checking it; throws (and keeps nothing) when it is not acceptable. */
  store(kind: K, file: Readable): Promise<S>;
  /** Deletes what was stored, after a failure. */
  discard(stored: S): Promise<void>;
}

export interface ReadForm<K extends string, S> {
  /** Text fields; a name sent more than once keeps each value, in order. */
  fields: Record<string, string[]>;
  files: Partial<Record<K, S>>;
}

export const uploadInterrupted = 'The upload was interrupted before it finished. Please try again.';

async function drain(stream: Readable): Promise<void> {
  stream.resume();
  if (stream.readableEnded || stream.destroyed) return;
  await new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

/** The client went away mid-upload (closed the tab, cancelled): its request, not a fault of the server. */
function interrupted(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || message === 'aborted';
}

export async function readMultipartForm<K extends string, S>(parts: AsyncIterable<unknown>, files: FormFiles<K, S>): Promise<ReadForm<K, S>> {
  const read: ReadForm<K, S> = { fields: {}, files: {} };
  let failure: unknown = null;
  try {
    for await (const raw of parts) {
      const part = raw as FormPart;
      try {
        checkFormPart(part);
      } catch (error) {
        failure ??= error;
        if (part.type === 'file') await drain(part.file);
        continue;
      }
      if (part.type === 'field') {
        if (typeof part.value === 'string') (read.fields[part.fieldname] ??= []).push(part.value);
        continue;
      }
      // A browser sends an empty file input as a part with no file name: that is "no file".
      if (failure || part.filename === '') {
        await drain(part.file);
        continue;
      }
      try {
        const kind = files.kindOf(part.fieldname);
        if (!kind) throw files.unexpected(part.fieldname);
        if (read.files[kind] !== undefined) throw files.duplicate(kind, part.fieldname);
        read.files[kind] = await files.store(kind, part.file);
      } catch (error) {
        failure = error;
        await drain(part.file);
      }
    }
  } catch (error) {
    failure ??= error;
  }
  if (failure) {
    await Promise.all(Object.values<S | undefined>(read.files).map((stored) => (stored === undefined ? undefined : files.discard(stored))));
    throw interrupted(failure) ? badRequest(uploadInterrupted) : failure;
  }
  return read;
}
