/**
 * No test waits a fixed time for something it could await or poll with a deadline (CONTRIBUTING.md#tests): a pause
 * is too short on a busy machine and too long on an idle one, and a negative assertion after a pause proves little.
 * Every test file and test helper of the repository (server, web, shared, browser tests) is read for timers and
 * sleeps; the few that are part of what a test does are listed here, each with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const self = path.relative(root, fileURLToPath(import.meta.url));

/** A timer or a sleep in a line of source. */
const fixedWait = /setTimeout|sleep\(|waitForTimeout|delay\(/;

/** The sites allowed, by file and a snippet of the line (lines move; the snippet stays). */
const allowed: { file: string; snippet: string; reason: string }[] = [
  {
    file: 'apps/server/src/audio/ffmpeg.test.ts',
    snippet: 'setTimeout(() => this.push(next), 1)',
    reason: 'the slow source under test: the stream yields its audio a chunk at a time, as a slow upload does',
  },
  {
    file: 'apps/server/src/cluster/cluster.cluster.test.ts',
    snippet: 'setTimeout(r, 150)',
    reason: "paces each buyer's checkouts: the load a process is killed under, not a wait for anything",
  },
  {
    file: 'apps/server/src/cluster/startup.postgres.test.ts',
    snippet: 'setTimeout(() => {',
    reason: "the slow client under test: it sends a request's head, and the rest only after the server has read it",
  },
  {
    file: 'apps/server/src/cluster/startup.postgres.test.ts',
    snippet: 'setTimeout(() => request.end(payload.slice(10)), gapMs)',
    reason: 'the slow client under test: the body comes gapMs after the stop signal, while the process drains',
  },
  {
    file: 'apps/server/src/lib/bench-load.test.ts',
    snippet: 'setTimeout(() => {',
    reason: 'the slow server under test: its first answer stalls, as a throttled process does, for the open load to count',
  },
  {
    file: 'apps/server/src/lib/redis-rate-limiter.redis.test.ts',
    snippet: 'const sleep = (ms: number)',
    reason: 'the helper of the two waits below',
  },
  {
    file: 'apps/server/src/lib/redis-rate-limiter.redis.test.ts',
    snippet: 'await sleep(1050)',
    reason: 'Redis ends the growing delay by its own clock, which a test cannot move; a try made to look for its end would be one of the tries under test',
  },
  {
    file: 'apps/server/src/lib/redis-rate-limiter.redis.test.ts',
    snippet: 'await sleep(1100)',
    reason: 'Redis forgets the failures by its own clock (forgetMs); a try made to look for that would itself be a failure it counts',
  },
  {
    file: 'apps/server/src/test/fault-proxy.ts',
    snippet: 'setTimeout(r, downMs)',
    reason: 'the fault under test: the proxy in front of the database stays down for the time asked',
  },
  {
    file: 'apps/server/src/test/server-process.ts',
    snippet: 'setTimeout(() => reject(',
    reason: 'a deadline for a server process to start, not a wait',
  },
  {
    file: 'e2e/support/global-setup.ts',
    snippet: 'setTimeout(r, 500)',
    reason: "the suite's global setup polls the starting app's health, under a deadline, before any test runs",
  },
  {
    file: 'e2e/support/global-setup.ts',
    snippet: 'setTimeout(r, 15_000)',
    reason: 'a deadline for the app to exit after SIGTERM before it is killed, not a wait',
  },
  {
    file: 'e2e/tests/downloads.test.ts',
    snippet: 'setTimeout(r, 100)',
    reason: "the page's heap is sampled every 100 ms while the download runs: a measurement's interval",
  },
  {
    file: 'e2e/tests/server-rendering.test.ts',
    snippet: 'setTimeout(check, 0)',
    reason: 'in the page: looks for the start of hydration task by task, to press a button at that very moment',
  },
];

const isTestSource = (file: string) =>
  /\.(ts|tsx|mts|mjs|js)$/.test(file) &&
  (/\.test\.tsx?$/.test(file) || file.startsWith('e2e/') || /(^|\/)test\//.test(file) || /test-support\.ts$/.test(file));

function testSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const file = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (isTestSource(file)) files.push(file);
    }
  };
  for (const dir of ['apps', 'packages', 'e2e']) walk(dir);
  return files.filter((file) => file !== self);
}

/** The lines of `source` with a timer or a sleep. */
function fixedWaitsIn(source: string): { line: number; text: string }[] {
  return source.split('\n').flatMap((text, i) => (fixedWait.test(text) ? [{ line: i + 1, text: text.trim() }] : []));
}

describe('fixed waits in tests', () => {
  const sites = testSources().flatMap((file) => fixedWaitsIn(readFileSync(path.join(root, file), 'utf8')).map((site) => ({ file, ...site })));
  const allows = (entry: (typeof allowed)[number], site: (typeof sites)[number]) => entry.file === site.file && site.text.includes(entry.snippet);

  it('are only the allowed ones, each with its reason', () => {
    expect(sites.length).toBeGreaterThan(0); // the walk found the test files
    expect(sites.filter((site) => !allowed.some((entry) => allows(entry, site))).map((site) => `${site.file}:${site.line}: ${site.text}`)).toEqual([]);
    for (const entry of allowed) expect(entry.reason.length, entry.snippet).toBeGreaterThan(10);
  });

  it('leave no allowance unused', () => {
    expect(allowed.filter((entry) => !sites.some((site) => allows(entry, site))).map((entry) => `${entry.file}: ${entry.snippet}`)).toEqual([]);
  });

  it('would be found in any of their forms', () => {
    const source = [
      'await new Promise((r) => setTimeout(r, 300));',
      'await page.waitForTimeout(300);',
      'await sleep(1000);',
      'await delay(50);',
      'await expect.poll(() => count()).toBe(2);',
    ].join('\n');
    expect(fixedWaitsIn(source).map((site) => site.line)).toEqual([1, 2, 3, 4]);
  });
});
