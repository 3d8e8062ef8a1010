/**
 * The guard in setup.ts fails a test whose server logged an error it did not declare. A failing test
 * cannot pass here, so a child vitest runs a fixture whose tests provoke errors, and this checks
 * which of them failed and what the failures say.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vitestBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

interface FixtureTest {
  title: string;
  status: string;
  failureMessages: string[];
}

async function runFixture(file: string): Promise<{ code: number | null; tests: Map<string, FixtureTest> }> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'beat-log-guard-'));
  const report = path.join(outDir, 'report.json');
  // The child is a vitest of its own: it must not think it is one of this run's workers.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
  try {
    const child = spawn(process.execPath, [vitestBin, 'run', '--reporter=json', `--outputFile=${report}`], {
      cwd: serverDir,
      env: { ...env, LOG_GUARD_FIXTURE: file, NO_COLOR: '1' },
      stdio: 'ignore',
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    const { testResults } = JSON.parse(await readFile(report, 'utf8')) as { testResults: { assertionResults: FixtureTest[] }[] };
    return { code, tests: new Map(testResults.flatMap((f) => f.assertionResults).map((test) => [test.title, test])) };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

describe('the server log guard', () => {
  let run: Awaited<ReturnType<typeof runFixture>>;
  beforeAll(async () => {
    run = await runFixture('src/test/fixtures/server-log-guard.fixture.ts');
  }, 120_000);

  const outcome = (title: string) => {
    const test = run.tests.get(title);
    if (!test) throw new Error(`the fixture has no test "${title}"`);
    return { status: test.status, message: test.failureMessages.join('\n') };
  };

  it('fails the run when a test lets the server log an error', () => {
    expect(run.code).toBe(1);
  });

  it('fails a test whose request ended in an undeclared 500, showing the log message and the error with its stack', () => {
    const { status, message } = outcome('an unexpected 500');
    expect(status).toBe('failed');
    expect(message).toContain('The server logged an error during the test');
    expect(message).toContain('request failed');
    expect(message).toContain('Error: the fixture route broke');
    expect(message).toMatch(/at .*server-log-guard\.fixture\.ts:\d+/);
  });

  it('passes a test that declared the error it provokes', () => {
    expect(outcome('a declared 500')).toEqual({ status: 'passed', message: '' });
  });

  it('fails a test whose declared error never came', () => {
    const { status, message } = outcome('a declared error that is never logged');
    expect(status).toBe('failed');
    expect(message).toContain('expected the server to log an error matching "request failed" with an error matching "the fixture route broke"');
  });

  it('fails a test whose error is not the one declared', () => {
    const { status, message } = outcome('a declared error does not excuse another one');
    expect(status).toBe('failed');
    expect(message).toContain('Error: the fixture route broke');
  });

  it("fails a test whose job handler's failure was logged through t.log", () => {
    const { status, message } = outcome("a job's unexpected error");
    expect(status).toBe('failed');
    expect(message).toContain('job failed for good: the fixture job broke');
    expect(message).toContain('PermanentJobError: the fixture job broke');
  });
});
