/**
 * A test that prints an unexpected error fails: console.error, and an error the server logs, are bug
 * reports, not noise.
 *
 * The test app writes its log to an in-memory capture (server-log.ts); so does job code when a
 * test hands it `t.log`. After each test, any line at level error or above fails the test with its
 * message and the error's stack, unless the test declared it first:
 *
 *   expectServerError('request failed', 'the disk is full'); // log message, then the error's message
 *
 * Declare only what the test provokes on purpose, as precisely as the message allows: a 500 that
 * should have been a 4xx is a bug to fix, not a line to declare.
 */
import { afterAll, afterEach, vi } from 'vitest';
import { takeServerLogProblems } from './server-log.js';

let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

function takeProblems(): string | null {
  const seen = errors;
  errors = [];
  const problems: string[] = [];
  if (seen.length > 0) problems.push(`console.error was called during the test:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
  const logged = takeServerLogProblems();
  if (logged) problems.push(logged);
  return problems.length > 0 ? problems.join('\n\n') : null;
}

afterEach(() => {
  vi.useRealTimers();
  const problems = takeProblems();
  if (problems) throw new Error(problems);
});

// What is logged after the last test (a worker stopping, the app closing) belongs to no test but
// still fails the file. Hooks run in reverse order, so this runs after the test file's own.
afterAll(() => {
  const problems = takeProblems();
  if (problems) throw new Error(`After the last test: ${problems}`);
});
