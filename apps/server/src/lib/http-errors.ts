/** The one error handler: every failure becomes { message } with the right status; a 5xx never shows its internals. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

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

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
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
      return reply.code(413).send({ message: 'The request body is too large.' });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ message: 'Too many requests. Please slow down and try again shortly.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message || 'The request is not valid.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
