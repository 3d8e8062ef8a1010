/** The one error handler: every failure becomes { message } with the right status; a 5xx never shows its internals. */
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MEGABYTE, messages } from '@beat/shared';
import { AppError } from './errors.js';
import { isDatabaseUnavailable } from './database-errors.js';

/** The only thing a client learns of a fault of ours: its internals stay in the log. */
const SERVER_FAULT = 'Something went wrong on our side. Please try again.';

/** Seconds a client is asked to wait when the database is out of reach (a restart takes a few). */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * A body over its route's limit is read to its end before the 413 when it is at most this large. Answered before the
 * client has sent it all, the connection is closed under the client's feet: a proxy in front (nginx) still sending it
 * sees a reset and answers 502 instead of the app's 413. Larger bodies are not worth reading: their connection closes.
 */
export const DRAINED_BODY_BYTES = 8 * MEGABYTE;

/** Reads and drops what is left of a request's body, up to DRAINED_BODY_BYTES. */
function drainBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  if (Number(raw.headers['content-length']) > DRAINED_BODY_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAINED_BODY_BYTES) done();
    };
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('error', done);
    raw.once('close', done);
    raw.resume();
  });
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
}

function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const issue = issues[0];
  if (!issue) return 'The request is not valid.';
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (!field && issue.keyword === 'invalid_type') {
    return context === 'body' ? 'The request body must be a JSON object.' : 'The request is not valid.';
  }
  const message = issue.message ?? 'is not valid';
  // Our own schema messages are whole sentences; zod's generic ones need the field's name.
  return /^(Invalid|Expected|Too|Unrecognized)/.test(message) && field ? `${field}: ${message}` : message;
}

/** @fastify/multipart's refusals, by code: a form the client has to fix, never a fault of ours. */
const multipartCodes: Record<string, { status: number; message: string }> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, message: 'Send the form as multipart/form-data.' },
  FST_PARTS_LIMIT: { status: 400, message: 'The form has too many parts.' },
  FST_FILES_LIMIT: { status: 400, message: 'The form has too many files.' },
  FST_FIELDS_LIMIT: { status: 400, message: 'The form has too many fields.' },
  FST_PROTO_VIOLATION: { status: 400, message: 'A form field has a name that is not allowed.' },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: 'A form field sent as JSON is not valid JSON.' },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: 'The upload was interrupted before it finished. Please try again.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'A file in the form is too large.' },
};

/** Busboy, the parser under it, throws plain errors; they are told apart by their text. */
const busboyProblems: [RegExp, string][] = [
  [/^Multipart: Boundary not found$/, 'The multipart/form-data body has no boundary: send it as a browser sends a FormData.'],
  [/^The needle cannot/, 'The multipart/form-data boundary is not valid.'],
  [/unexpected end of multipart data$/i, 'The form data is malformed or ended before it was complete.'],
  [/^Unsupported Content-Type\.$|^Missing Content-Type/, 'Send the form as multipart/form-data.'],
];

function describeMultipartError(error: FastifyError, request: FastifyRequest): { status: number; message: string } | null {
  const known = error.code && Object.hasOwn(multipartCodes, error.code) ? multipartCodes[error.code] : undefined;
  if (known) return known;
  if (error.code || !request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return null;
  const match = busboyProblems.find(([pattern]) => pattern.test(error.message));
  return match ? { status: 400, message: match[1] } : null;
}

/**
 * Fastify's own refusals before any route is found (its `frameworkErrors` option): an address whose
 * percent-encoding does not decode (`/api/beats/%E0%A4%A`), or a path segment longer than a route
 * parameter may be. They respond in the product's one shape, and never echo the address back.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send({ message: 'The address is not valid: part of it is not correctly percent-encoded.' });
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(414).send({ message: 'The address is too long: one of its parts is longer than any this store uses.' });
    return;
  }
  request.log.error({ err: error }, 'request failed');
  reply.code(500).send({ message: SERVER_FAULT });
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A part out of reach is worth a line in the log, not an alarm: the response tells the client to try again.
      if (error.status >= 500) request.log.warn({ err: error }, 'request refused: a service is unavailable');
      return reply.code(error.status).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ message: describeValidation(error.validation, error.validationContext) });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ message: 'The request body is not valid JSON.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ message: 'Send the request body as JSON (Content-Type: application/json).' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return drainBody(request.raw).then(() => reply.code(413).send({ message: 'The request body is too large.' }));
    }
    const multipart = describeMultipartError(error, request);
    if (multipart) return reply.code(multipart.status).send({ message: multipart.message });
    if (error.statusCode === 429) {
      return reply.code(429).send({ message: 'Too many requests. Please slow down and try again shortly.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message || 'The request is not valid.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      return reply.code(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).send({ message: messages.storeUnavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: SERVER_FAULT });
  });
}
