// The README's production commands, run on a copy of this tree: `npm run build` here, then in the copy
// `npm prune --omit=dev` and `NODE_ENV=production npm start` on a fresh data folder; checks that the store serves
// without any dev dependency, what `npm start` does with changed sources, and `npm run admin:create`, `backup` and
// `restore` from the build.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './build-parts.mjs';
import { freePort } from './free-port.mjs';

const work = mkdtempSync(path.join(os.tmpdir(), 'beat-production-'));
const tree = path.join(work, 'tree');
const dataDir = path.join(work, 'data');
// Not part of a checkout, or local to this machine: the data folder, CI's own Node.js, secrets, caches.
const notCopied = new Set(['.git', 'data', '.env', '.bench', 'test-results', 'screenshots', '.ci/.node24'].map((p) => path.join(root, p)));
let server = null;

function killStore() {
  if (server && server.exitCode === null && server.signalCode === null) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

const started = Date.now();
function say(message) {
  console.log(`› ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${message}`);
}

function fail(message) {
  throw new Error(message);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 180_000, ...options });
  if (result.status !== 0) {
    fail(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}${result.stderr}`);
  }
  return result;
}

/** The settings production needs (config/env.ts), with test values, and nothing inherited that would point elsewhere. */
function productionEnv(port) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    TOKEN_SECRET: 'production-check-token-secret-of-32-characters-or-more',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    WEB_DIST: '',
    SMTP_URL: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
  };
}

async function startStore() {
  const port = await freePort();
  const child = spawn('npm', ['start'], { cwd: tree, env: productionEnv(port), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  server = child;
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) fail(`the store exited with code ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) fail(`the store did not answer at ${url} within 60 s:\n${output}`);
    const health = await fetch(`${url}/api/health`).catch(() => null);
    if (health?.ok) return { url, output: () => output };
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function stopStore() {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  let timer;
  const stopped = await Promise.race([exited.then(() => true), new Promise((r) => (timer = setTimeout(r, 15_000, false)))]);
  clearTimeout(timer);
  if (!stopped) {
    process.kill(-child.pid, 'SIGKILL');
    await exited;
    fail('the store did not stop within 15 s of SIGTERM');
  }
}

async function expectServes(url) {
  const home = await fetch(`${url}/`);
  const html = await home.text();
  if (!home.ok || !home.headers.get('content-type')?.startsWith('text/html') || !html.includes('<div id="root">')) {
    fail(`GET / answered ${home.status} ${home.headers.get('content-type')}:\n${html.slice(0, 300)}`);
  }
  // The app's entry is sent pre-compressed.
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? fail('index.html names no script');
  const asset = await fetch(`${url}${script}`, { headers: { 'accept-encoding': 'br' } });
  await asset.arrayBuffer();
  if (!asset.ok || asset.headers.get('content-encoding') !== 'br') {
    fail(`GET ${script} answered ${asset.status} with content-encoding ${asset.headers.get('content-encoding')}, not the pre-compressed build`);
  }
  const catalog = await fetch(`${url}/api/beats`);
  const body = await catalog.json().catch(() => null);
  if (!catalog.ok || !Array.isArray(body?.beats)) fail(`GET /api/beats answered ${catalog.status}: ${JSON.stringify(body)?.slice(0, 300)}`);
  // The page is rendered on the server with its data, from the production dependencies alone.
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const title = body.beats[0]?.beatTitle;
  if (title && !html.includes(escape(title))) fail(`GET / does not carry the catalog's first beat, "${title}": the page was not rendered with its data`);
  if (!html.includes('id="app-state"')) fail('GET / carries no state for the app to hydrate with');
}

async function main() {
  say('npm run build (with the dev dependencies)');
  run('npm', ['run', 'build'], { cwd: root });

  say('a copy of the tree with its node_modules, then npm prune --omit=dev');
  const installs = [];
  const filter = (source) => {
    if (path.basename(source) !== 'node_modules') return !notCopied.has(source);
    installs.push(source);
    return false;
  };
  cpSync(root, tree, { recursive: true, verbatimSymlinks: true, filter });
  for (const folder of installs) {
    const copy = path.join(tree, path.relative(root, folder));
    // Hard links copy and remove the 40,000 files in seconds. The prune only unlinks in the copy; the one file it
    // rewrites there, npm's hidden lockfile, becomes a file of its own first. A real copy when links cannot be made.
    if (spawnSync('cp', ['-al', folder, copy]).status !== 0) {
      rmSync(copy, { recursive: true, force: true });
      run('cp', ['-a', folder, copy]);
    }
    const hiddenLock = path.join(copy, '.package-lock.json');
    if (existsSync(hiddenLock)) {
      const text = readFileSync(hiddenLock);
      rmSync(hiddenLock);
      writeFileSync(hiddenLock, text);
    }
  }
  run('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: tree });
  const lock = JSON.parse(readFileSync(path.join(tree, 'package-lock.json'), 'utf8'));
  const devOnly = Object.entries(lock.packages).filter(([where, entry]) => where.includes('node_modules/') && entry.dev);
  const left = devOnly.filter(([where]) => existsSync(path.join(tree, where))).map(([where]) => where);
  if (devOnly.length === 0 || left.length > 0) fail(`dev dependencies left after the prune: ${left.join(', ') || '(none listed in the lockfile)'}`);

  say('NODE_ENV=production npm start on a fresh data folder: /api/health, /, a pre-compressed asset, /api/beats');
  const first = await startStore();
  await expectServes(first.url);
  // The copy has no .git: its inputs are found by walking its folders, and they are the ones the build recorded.
  if (first.output().includes('changed since the build')) fail(`npm start took the copy's unchanged sources for changed ones:\n${first.output()}`);
  await stopStore();

  say('npm run admin:create from the build');
  const created = run('npm', ['run', '--silent', 'admin:create', '--', '--email', 'owner@example.test', '--password', 'production-check-password'], {
    cwd: tree,
    env: productionEnv(0),
  });
  if (!created.stdout.includes('Admin account created for owner@example.test')) fail(`admin:create said:\n${created.stdout}${created.stderr}`);

  say('npm run backup and npm run restore from the build: the admin is in the restored data folder');
  const backupFile = path.join(work, 'backup.tar.gz');
  const backedUp = run('npm', ['run', '--silent', 'backup', '--', '--to', backupFile], { cwd: tree, env: productionEnv(0) });
  if (!backedUp.stdout.includes(`Wrote ${backupFile}`)) fail(`backup said:\n${backedUp.stdout}${backedUp.stderr}`);
  const restoredEnv = { ...productionEnv(0), DATA_DIR: path.join(work, 'restored') };
  const restored = run('npm', ['run', '--silent', 'restore', '--', '--from', backupFile], { cwd: tree, env: restoredEnv });
  if (!restored.stdout.includes('Restored the backup of')) fail(`restore said:\n${restored.stdout}${restored.stderr}`);
  const again = run('npm', ['run', '--silent', 'admin:create', '--', '--email', 'owner@example.test'], { cwd: tree, env: restoredEnv });
  if (!again.stdout.includes('owner@example.test is already an admin')) fail(`admin:create on the restored data folder said:\n${again.stdout}${again.stderr}`);

  say('a source changed since the build and no dev dependencies: one line of warning, then the existing build starts');
  appendFileSync(path.join(tree, 'apps/server/src/server.ts'), '// changed after the build\n');
  // A port that cannot be: the built server stops at its configuration check, which shows it was started.
  const stale = spawnSync('npm', ['start'], { cwd: tree, env: { ...productionEnv(0), PORT: 'no-port' }, encoding: 'utf8', timeout: 60_000 });
  if (!stale.stderr.includes('the existing build is served') || !stale.stderr.includes('Cannot start Beat Market: Invalid configuration')) {
    fail(`npm start with a changed source said:\n${stale.stdout}${stale.stderr}`);
  }

  say('no server build at all: npm start stops with "run npm run build first"');
  rmSync(path.join(tree, 'apps/server/dist'), { recursive: true });
  const unbuilt = spawnSync('npm', ['start'], { cwd: tree, env: productionEnv(0), encoding: 'utf8', timeout: 30_000 });
  if (unbuilt.status === 0 || !unbuilt.stderr.includes('run npm run build first')) fail(`npm start without a build said:\n${unbuilt.stdout}${unbuilt.stderr}`);
}

// Ctrl-C in a terminal does not reach the store: it runs in a process group of its own.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killStore();
    rmSync(work, { recursive: true, force: true });
    process.exit(1);
  });
}

try {
  await main();
  say('the production build serves without dev dependencies');
} catch (error) {
  console.error(`\n${error.message}`);
  process.exitCode = 1;
} finally {
  killStore();
  rmSync(work, { recursive: true, force: true });
  say('removed the copy');
}
