/**
 * Tells a lost database connection (a PostgreSQL server restarting, an administrator ending sessions, the
 * server unreachable) from a fault of ours: the first gets 503 and the client tries again
 * (docs/reliability.md#the-database-restarts).
 */

/** Network failures of the connection itself. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs that mean "not now": class 08 (connection exception), 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
 */
const sqlStates = /^(08...|57P0[123]|53300)$/;

/** What the pg client says when the connection ends under it or cannot be made in time. */
const clientMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

interface WithCause {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function isUnavailable(error: WithCause): boolean {
  if (typeof error.code === 'string' && (socketCodes.has(error.code) || sqlStates.test(error.code))) return true;
  return typeof error.message === 'string' && clientMessages.some((pattern) => pattern.test(error.message as string));
}

/** True when the error, or one it wraps (Drizzle wraps the driver's in `cause`), is a lost or refused database connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const e = current as WithCause;
    if (isUnavailable(e)) return true;
    pending.push(e.cause);
    // Node reports a refused dual-stack connection as an AggregateError of one error per address.
    if (Array.isArray(e.errors)) pending.push(...(e.errors as unknown[]));
  }
  return false;
}

/** A unique index refused the write (SQLSTATE 23505); node-postgres and PGlite put it on the error, Drizzle in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
