/**
 * The one rule for text input (docs/product/limits.md#text-input): no string a call accepts may hold
 * the NUL character or half of a UTF-16 surrogate pair. PostgreSQL refuses the first in text, and the
 * second would reach the database as U+FFFD, so both are refused with a 400 before any rule runs.
 * The app's hook covers bodies, query strings and route parameters; a multipart reader checks each
 * part with `checkFormPart`. Headers never reach the database.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

const NUL = '\u0000';
// In a `u` pattern a well-formed pair is one code point, so only a lone surrogate is in category Cs.
const LONE_SURROGATE = /\p{Cs}/u;

/** Why the text cannot be accepted, as the end of a sentence that starts with the field's name; null when it can. */
function textProblem(text: string): string | null {
  if (text.includes(NUL)) return 'must not contain control characters such as NUL';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it holds half of a surrogate pair)';
  return null;
}

/**
 * The first refusal in a value and everything inside it (arrays, plain objects and their keys), named
 * by its path ("items.0.title") after `name`, or null. Walks with a list, not recursion, and spells a
 * path only for the refusal, so no nesting overflows it.
 */
export function unsafeTextMessage(value: unknown, name: string): string | null {
  const pending: { item: unknown; key: string; parent: number }[] = [{ item: value, key: name, parent: -1 }];
  const pathOf = (index: number): string => {
    const keys: string[] = [];
    for (let at = index; at >= 0; at = pending[at]!.parent) if (pending[at]!.key) keys.unshift(pending[at]!.key);
    return keys.length > 8 ? `${keys.slice(0, 8).join('.')}…` : keys.join('.');
  };
  for (let i = 0; i < pending.length; i++) {
    const { item } = pending[i]!;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return `${pathOf(i) || 'The request body'} ${problem}.`;
    } else if (Array.isArray(item)) {
      item.forEach((child, index) => pending.push({ item: child, key: String(index), parent: i }));
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      // Query strings parse to objects of their own prototype; bytes (a raw body) are not text.
      for (const [key, child] of Object.entries(item)) {
        const problem = textProblem(key);
        if (problem) return `A field name${pathOf(i) ? ` in ${pathOf(i)}` : ''} ${problem}.`;
        pending.push({ item: child, key, parent: i });
      }
    }
  }
  return null;
}

/** Throws the rule's 400 when the value (or anything in it) breaks it. */
export function assertSafeText(value: unknown, name: string): void {
  const message = unsafeTextMessage(value, name);
  if (message) throw badRequest(message);
}

/** A part of a multipart body, as @fastify/multipart yields it; only what the checks read. */
export interface FormPartHead {
  type: 'field' | 'file';
  fieldname: string;
  filename?: string;
  value?: unknown;
  /** Set when the field was longer than the form's fieldSize limit and was cut. */
  valueTruncated?: boolean;
}

/** Checks one part of a multipart body before it is used: its name, its text or file name, and a field cut by the size limit. */
export function checkFormPart(part: FormPartHead): void {
  assertSafeText(part.fieldname, 'A form field name');
  if (part.type === 'file') {
    assertSafeText(part.filename ?? '', `The file name of ${part.fieldname}`);
    return;
  }
  if (part.valueTruncated) throw badRequest(`${part.fieldname} is too long.`);
  assertSafeText(part.value, part.fieldname);
}

/** Refuses, for every route, a body, query string or route parameter that breaks the rule. */
export function registerTextInputRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertSafeText(request.params, '');
    assertSafeText(request.query, '');
    assertSafeText(request.body, '');
  });
}
