/**
 * Keyset paging for the admin lists (docs/decisions/0015-query-plans.md#keyset-paging): a cursor holds the sort key
 * of the last row a page showed, exactly as the database stores it (a timestamp as text keeps its microseconds),
 * and the next page starts right after it. Rows added or removed meanwhile never shift a page, and every page
 * costs the same however deep it is.
 */
import { badRequest } from './errors.js';

/** The opaque cursor of a row's sort key. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The sort key a cursor holds, checked against the list's key (one checker per value); anything else is a 400. */
export function decodeCursor<T extends readonly ((value: unknown) => boolean)[]>(cursor: string, checks: T): string[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('cursor is not valid');
  }
  if (!Array.isArray(key) || key.length !== checks.length || !key.every((value, i) => checks[i]!(value))) {
    throw badRequest('cursor is not valid');
  }
  return key.map(String);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A timestamp as PostgreSQL prints it (`2026-11-23 06:40:20.123456+00`). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

export const cursorValue = {
  uuid: (value: unknown) => typeof value === 'string' && UUID.test(value),
  timestamp: (value: unknown) => typeof value === 'string' && TIMESTAMP.test(value),
  integer: (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value),
  text: (value: unknown) => typeof value === 'string' && value.length <= 400,
};
