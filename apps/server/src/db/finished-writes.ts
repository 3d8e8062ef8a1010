/**
 * Counts the statements that may have written which this process's connections to a PostgreSQL server have
 * finished, so that the catalog's version is confirmed after every write of this process, before its notification
 * arrives (docs/decisions/0016-catalog-cache.md). Only a plain `SELECT` and a `BEGIN` do not count.
 */
import type pg from 'pg';

interface Counter {
  finished: number;
}

const counters = new WeakMap<pg.Pool, Counter>();

const counterOf = (pool: pg.Pool): Counter => {
  let counter = counters.get(pool);
  if (!counter) {
    counter = { finished: 0 };
    counters.set(pool, counter);
  }
  return counter;
};

const textOf = (query: unknown): string | undefined => {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : undefined;
};

/** A statement that writes nothing: a plain read, or the start of a transaction (its COMMIT counts). */
const writesNothing = (query: unknown): boolean => {
  const text = textOf(query);
  return text !== undefined && /^\s*(select|begin)\b/i.test(text);
};

/**
 * Counts each statement `client` (a new connection of `pool`) runs once it has finished: after its response (or
 * error) and before the caller sees it, so whoever goes on after a write finds the count already moved.
 */
export function countFinishedWrites(pool: pg.Pool, client: pg.PoolClient): void {
  const counter = counterOf(pool);
  const done = () => {
    counter.finished += 1;
  };
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    if (writesNothing(args[0])) return query(...args);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        done();
        return (callback as (...r: unknown[]) => unknown)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) return result.finally(done);
    // A submitted query object (a cursor, a stream) tells its end by events.
    const events = result as { once?: (event: string, listener: () => void) => void } | undefined;
    if (typeof events?.once === 'function') {
      let counted = false;
      const once = () => {
        if (counted) return;
        counted = true;
        done();
      };
      events.once('end', once);
      events.once('error', once);
    }
    return result;
  }) as typeof client.query;
}

/** How many statements that may have written the connections of `pool` have finished so far. */
export function finishedWrites(pool: pg.Pool): number {
  return counterOf(pool).finished;
}
