// `npm test`: typecheck and lint side by side, the production build (scripts/check-production.mjs), the web package's component
// and hook tests (React Testing Library on jsdom) and the shared package's tests in one Vitest run (vitest.config.ts),
// server tests (on the PostgreSQL server when TEST_DATABASE_URL is set, else on the embedded database), then browser
// tests against the app started the README way.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = mkdtempSync(path.join(os.tmpdir(), 'beat-test-reports-'));
const only = process.argv.slice(2); // e.g. `npm test -- server e2e`
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];

console.log(`Node.js ${process.version} (${process.execPath})`);

function step(name, command, args, options = {}) {
  if (only.length > 0 && !only.some((o) => name.startsWith(o))) return;
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: options.cwd ?? root, env: { ...process.env, ...options.env }, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (options.report && existsSync(options.report)) {
    const report = JSON.parse(readFileSync(options.report, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults ?? []) {
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) {
        const why = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 240);
        failedTests.push(`${name}: ${path.relative(root, file.name)} › ${test.fullName}${why ? `\n      ${why}` : ''}`);
      }
      if (failed.length === 0 && file.status === 'failed') failedTests.push(`${name}: ${path.relative(root, file.name)} (${file.message || 'failed to run'})`);
    }
  } else if (options.report || result.status !== 0) {
    totals[result.status === 0 ? 'passed' : 'failed'] += 1;
  } else {
    totals.passed += 1;
  }
  if (result.status !== 0) failures.push(name);
  console.log(`━━ ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
}

function vitest(name, cwd, env = {}) {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  step(name, bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd, env, report });
  return report;
}

/**
 * With a service's address set, the files that need it must have run tests: a pass that silently left them out (a
 * renamed variable, a broken include) would look green while testing nothing of that service.
 */
function requireServiceTests(name, report, services) {
  if (only.length > 0 && !only.some((o) => name.startsWith(o))) return;
  const files = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')).testResults ?? []) : [];
  for (const { variable, pattern, label } of services) {
    if (!process.env[variable]) continue;
    const ran = files
      .filter((file) => pattern.test(file.name))
      .reduce((sum, file) => sum + (file.assertionResults ?? []).filter((test) => test.status === 'passed' || test.status === 'failed').length, 0);
    console.log(`${name}: ${ran} ${label} test${ran === 1 ? '' : 's'} ran (${variable} is set).`);
    if (ran === 0) {
      failures.push(`${name} (no ${label} test ran)`);
      failedTests.push(`${name}: ${variable} is set, yet no ${label} test ran`);
    }
  }
}

/**
 * Steps that read the sources and write nothing the others read, run side by side (each is one process on one core);
 * their output is printed step by step once all have ended.
 */
async function together(list) {
  const chosen = list.filter(([name]) => only.length === 0 || only.some((o) => name.startsWith(o)));
  const results = await Promise.all(
    chosen.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => resolve({ name, code, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }));
        }),
    ),
  );
  for (const { name, code, output, seconds } of results) {
    console.log(`\n━━ ${name} ━━`);
    process.stdout.write(output);
    totals[code === 0 ? 'passed' : 'failed'] += 1;
    if (code !== 0) failures.push(name);
    console.log(`━━ ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
  }
}

await together([
  ['typecheck', bin('tsc'), ['-b']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
]);
step('production build', process.execPath, [path.join(root, 'scripts/check-production.mjs')]);
vitest('web and shared tests', root);
// One database a run: the PostgreSQL server when TEST_DATABASE_URL is set (its suite adds the multi-process tests),
// else the embedded one. CI runs both (.ci/run); `TEST_DATABASE_URL= npm test -- server` picks the embedded one here.
if (process.env.TEST_DATABASE_URL) {
  const report = vitest('server tests (PostgreSQL server)', path.join(root, 'apps/server'), { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
  requireServiceTests('server tests (PostgreSQL server)', report, [
    { variable: 'TEST_DATABASE_URL', pattern: /\.(postgres|cluster)\.test\.ts$/, label: 'PostgreSQL-only' },
    { variable: 'TEST_REDIS_URL', pattern: /\.(redis|cluster)\.test\.ts$/, label: 'Redis-only' },
  ]);
} else {
  vitest('server tests (embedded PGlite)', path.join(root, 'apps/server'), { TEST_DATABASE_URL: '' });
}
vitest('e2e browser tests', path.join(root, 'e2e'));

const summary = [
  `Node.js ${process.version}: ${failures.length ? `failed steps: ${failures.join(', ')}` : 'all steps passed.'}`,
  ...failedTests.map((test) => `  ✗ ${test}`),
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
].join('\n');
console.log(`\n${summary}`);
// CI runs the suite twice and prints every run's summary again at its very end, where a short log shows it.
if (process.env.BEAT_TEST_SUMMARY_FILE) appendFileSync(process.env.BEAT_TEST_SUMMARY_FILE, `${summary}\n\n`);
process.exit(failures.length ? 1 : 0);
