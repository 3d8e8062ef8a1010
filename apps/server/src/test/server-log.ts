/**
 * Keeps every line the server logs during a test, so that an error the server logs fails the test
 * (see setup.ts) unless the test said it would happen.
 */
import pino, { type Logger } from 'pino';

interface LoggedError {
  type?: string;
  message?: string;
  stack?: string;
}

interface LogLine {
  level: number;
  msg?: string;
  err?: LoggedError;
  [field: string]: unknown;
}

type Pattern = string | RegExp;

interface Expectation {
  message: Pattern;
  error?: Pattern;
}

const ERROR_LEVEL = 50;

let lines: LogLine[] = [];
let expected: Expectation[] = [];

function keep(chunk: string): void {
  for (const text of chunk.split('\n')) {
    if (!text) continue;
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {
      lines.push({ level: ERROR_LEVEL, msg: `unreadable log line: ${text}` });
    }
  }
}

/**
 * The logger of every test app, and the one to hand to job code in tests, so that a job's errors
 * count too. Pino writes each line synchronously to `keep`: a line logged just before a test ends
 * is already there when the test is checked.
 */
export const serverLog: Logger = pino({ level: 'warn' }, { write: keep });

/**
 * Declares that the server will log an error during this test, because the test provokes it (a
 * storage failure, a job that fails for good). `message` matches the log line's message and
 * `error`, when given, the logged error's message; a string matches as a part of the text.
 * The test fails if no such line is logged, so a declaration cannot outlive the failure it is for.
 */
export function expectServerError(message: Pattern, error?: Pattern): void {
  expected.push({ message, error });
}

const matchesPattern = (text: string | undefined, pattern: Pattern) =>
  text !== undefined && (typeof pattern === 'string' ? text.includes(pattern) : text.search(pattern) !== -1);

const matches = (line: LogLine, e: Expectation) =>
  matchesPattern(line.msg, e.message) && (e.error === undefined || matchesPattern(line.err?.message, e.error));

const showPattern = (p: Pattern) => (typeof p === 'string' ? JSON.stringify(p) : String(p));
const describePattern = (e: Expectation) => `${showPattern(e.message)}${e.error === undefined ? '' : ` with an error matching ${showPattern(e.error)}`}`;

function describeLine(line: LogLine): string {
  const { level: _level, time: _time, pid: _pid, hostname: _hostname, msg, err, ...context } = line;
  const parts = [`  ${msg ?? '(no message)'}${Object.keys(context).length > 0 ? ` ${JSON.stringify(context)}` : ''}`];
  if (err) parts.push(indent(err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`));
  return parts.join('\n');
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');

/**
 * What went wrong with the server's log since the last call — errors nobody declared, and
 * declarations no error matched — or null; either way it starts afresh for the next test.
 */
export function takeServerLogProblems(): string | null {
  const errors = lines.filter((line) => line.level >= ERROR_LEVEL);
  const declared = expected;
  lines = [];
  expected = [];
  const unexpected = errors.filter((line) => !declared.some((e) => matches(line, e)));
  const unmet = declared.filter((e) => !errors.some((line) => matches(line, e)));
  const problems: string[] = [];
  if (unexpected.length > 0) {
    problems.push(
      `The server logged ${unexpected.length === 1 ? 'an error' : `${unexpected.length} errors`} during the test ` +
        `(if the test provokes it on purpose, declare it with expectServerError):\n${unexpected.map(describeLine).join('\n')}`,
    );
  }
  for (const e of unmet) problems.push(`The test expected the server to log an error matching ${describePattern(e)}, and it did not.`);
  return problems.length > 0 ? problems.join('\n\n') : null;
}
