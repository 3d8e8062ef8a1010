/** Which failures count as the database being out of reach (a 503), and which are faults to look into (a 500). */
import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { isDatabaseUnavailable } from './database-errors.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['an administrator ending the session (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection failure (class 08)', withCode('08006', 'connection failure')],
    ['too many connections (53300)', withCode('53300', 'sorry, too many clients already')],
    ['the connection ending under a query', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a query Drizzle wrapped', new DrizzleQueryError('select 1', [], withCode('57P01'))],
    ['every address of a dual-stack host refusing', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error (42601)', withCode('42601', 'syntax error at or near "selec"')],
    ['a wrapped constraint violation', new DrizzleQueryError('insert …', [], withCode('23503'))],
    ['a bug of ours', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'Connection'],
    ['nothing', undefined],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on an error that wraps itself', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
