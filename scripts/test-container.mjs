// `npm run test:container`: builds the image (Containerfile) with podman on the local base image (made first when
// podman has none: scripts/container-podman.mjs), runs the demo store in it (ready, the home page rendered with the demo
// beats, podman's health check healthy, a clean stop), then a production store on a volume with an admin made by
// `admin-create` in the image, who logs in through the API. Removes every container and volume it made.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { baseImage, ensureBaseImage, podman } from './container-podman.mjs';
import { root } from './build-parts.mjs';
import { freePort } from './free-port.mjs';

const image = 'beat-market:test';
const depsImage = 'beat-market-deps:test';
const tag = `beat-market-test-${process.pid}`;
const made = { containers: [], volumes: [] };
const started = Date.now();

function say(message) {
  console.log(`› ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${message}`);
}

function fail(message) {
  throw new Error(message);
}

const logsOf = (name) => {
  const result = podman(['logs', name], { allowFail: true });
  return `${result.stdout}${result.stderr}`;
};
const stateOf = (name) => podman(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}}', name], { allowFail: true }).stdout.trim();

/**
 * Starts the image detached on the host's network (HOST 127.0.0.1, a free port); `env` and `volume` as given. Ready
 * within `seconds`: a demo store's first start makes its catalog and renders its previews first (about 2 minutes on a
 * busy two-core machine, over 7 minutes at a load average of 30).
 */
async function startStore(name, env, volume, seconds = 300) {
  const port = await freePort();
  const settings = { HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env };
  const args = ['run', '--detach', '--name', name, '--network', 'host'];
  for (const [key, value] of Object.entries(settings)) args.push('--env', `${key}=${value}`);
  if (volume) args.push('--volume', `${volume}:/data`);
  made.containers.push(name);
  podman([...args, image]);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const state = stateOf(name);
    if (!state.startsWith('running')) fail(`the container stopped (${state}) before it was ready:\n${logsOf(name)}`);
    if (Date.now() > deadline) fail(`${url}/api/ready did not answer 200 within ${seconds} s:\n${logsOf(name)}`);
    const ready = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    if (ready?.ok) return url;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** `podman stop` sends SIGTERM: the store must close cleanly (exit status 0) within 20 s. */
function stopStore(name) {
  podman(['stop', '--time', '20', name]);
  const state = stateOf(name);
  if (state !== 'exited 0') fail(`the store did not stop cleanly on SIGTERM (${state}):\n${logsOf(name)}`);
  const logs = logsOf(name);
  if (logs.includes('changed since the build')) fail(`the image's build does not match its sources:\n${logs}`);
}

async function demoStore() {
  const name = `${tag}-demo`;
  say('the demo store (NODE_ENV=development): /api/ready, then the home page carries the demo beats');
  const url = await startStore(name, { NODE_ENV: 'development' }, null, 900);
  // Demo beats are listed once their previews are rendered (ffmpeg from the image's packages).
  const deadline = Date.now() + 180_000;
  let beats = [];
  while (beats.length === 0) {
    if (Date.now() > deadline) fail(`no demo beat was listed within 180 s:\n${logsOf(name)}`);
    const catalog = await fetch(`${url}/api/beats`).then((r) => r.json()).catch(() => null);
    beats = catalog?.beats ?? [];
    if (beats.length === 0) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const home = await fetch(`${url}/`);
  const html = await home.text();
  if (!home.ok || !html.includes('id="app-state"')) fail(`GET / answered ${home.status} without the rendered app:\n${html.slice(0, 300)}`);
  const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const titles = beats.slice(0, 3).map((beat) => beat.beatTitle);
  const missing = titles.filter((title) => !html.includes(escape(title)));
  if (missing.length) fail(`GET / does not carry the demo beats ${missing.map((t) => `"${t}"`).join(', ')}`);
  say(`GET / carries ${titles.map((t) => `"${t}"`).join(', ')} (${beats.length} beats listed)`);

  say('podman healthcheck run: the image\'s HEALTHCHECK (GET /api/ready from inside the container)');
  const check = podman(['healthcheck', 'run', name], { allowFail: true });
  const health = podman(['inspect', '--format', '{{.State.Health.Status}}', name], { allowFail: true }).stdout.trim();
  if (check.status !== 0 || health !== 'healthy') fail(`podman healthcheck run exited ${check.status} (${check.stdout}${check.stderr}); health: ${health}`);

  say('podman stop: a clean stop on SIGTERM');
  stopStore(name);
}

async function productionStore() {
  const volume = `${tag}-data`;
  const secret = `container-test-token-secret-${process.pid}-of-32-characters-or-more`;
  const production = { NODE_ENV: 'production', TOKEN_SECRET: secret };
  const admin = { email: 'owner@example.test', password: 'container-test-password' };
  podman(['volume', 'create', volume]);
  made.volumes.push(volume);

  say('npm run admin:create in the image (no network), on the store\'s volume');
  const created = podman([
    'run', '--rm', '--network', 'none', '--volume', `${volume}:/data`, '--env', `TOKEN_SECRET=${secret}`, '--env', 'LOG_LEVEL=warn',
    image, 'node', 'scripts/admin-create.mjs', '--email', admin.email, '--password', admin.password,
  ]);
  if (!created.stdout.includes(`Admin account created for ${admin.email}`)) fail(`admin-create said:\n${created.stdout}${created.stderr}`);

  say('the production store on that volume: /api/ready, then the admin logs in through the API');
  const name = `${tag}-production`;
  const url = await startStore(name, production, volume);
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const body = await login.json().catch(() => null);
  if (login.status !== 200 || body?.user?.email !== admin.email || body.user.isAdmin !== true) {
    fail(`POST /api/login answered ${login.status}: ${JSON.stringify(body)?.slice(0, 300)}`);
  }
  const me = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${body.token}` } }).then((r) => r.json());
  if (me.user?.email !== admin.email) fail(`GET /api/me with the admin's token answered ${JSON.stringify(me).slice(0, 300)}`);
  // Production serves no demo store.
  const catalog = await fetch(`${url}/api/beats`).then((r) => r.json());
  if (catalog.beats?.length !== 0) fail(`the production store lists ${catalog.beats?.length} beats on a new volume; expected none`);
  stopStore(name);
}

/**
 * The containers and volumes this run made, its image, and the layers no image uses any more (this run's and earlier
 * runs' build layers): each run would otherwise leave about 400 MB. The base and the installed dependencies stay.
 */
function cleanUp() {
  for (const name of made.containers.splice(0)) podman(['rm', '--force', '--volumes', name], { allowFail: true });
  for (const volume of made.volumes.splice(0)) podman(['volume', 'rm', '--force', volume], { allowFail: true });
  podman(['rmi', image], { allowFail: true });
  podman(['image', 'prune', '--force'], { allowFail: true });
}

async function main() {
  if (spawnSync('podman', ['--version']).status !== 0) fail('podman is not installed (apt-get install podman buildah runc debootstrap)');
  if (ensureBaseImage(say)) say(`made ${baseImage}`);
  else say(`${baseImage} is in podman's store`);

  say(`podman build ${image} on ${baseImage}`);
  const buildStarted = Date.now();
  // The docker format keeps HEALTHCHECK (the OCI format has no field for it). The host's network lets npm ci reach
  // the npm registry.
  const build = ['build', '--format', 'docker', '--network', 'host', '--build-arg', `BASE_IMAGE=${baseImage}`, '--file', 'Containerfile'];
  // The installed dependencies are tagged, so that removing this run's image and layers at the end keeps them for the
  // next run (until the manifests change).
  podman([...build, '--target', 'deps', '--tag', depsImage, root], { timeout: 40 * 60_000 });
  podman([...build, '--tag', image, root], { timeout: 40 * 60_000 });
  say(`built in ${((Date.now() - buildStarted) / 1000).toFixed(0)} s`);
  const config = JSON.parse(podman(['image', 'inspect', image]).stdout)[0];
  const user = config.Config?.User ?? config.User;
  if (!user || user === 'root' || user === '0') fail(`the image runs as ${user || 'root'}`);

  await demoStore();
  await productionStore();
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanUp();
    process.exit(1);
  });
}

let outcome;
try {
  await main();
  say('the image builds, serves the demo store, reports healthy, and runs in production with an admin');
  outcome = 'passed';
} catch (error) {
  console.error(`\n${error.message}`);
  process.exitCode = 1;
  outcome = `FAILED: ${error.message.split('\n')[0].slice(0, 240)}`;
} finally {
  cleanUp();
  say('removed the test containers, volumes and image');
}
// CI prints every run's summary at its end (.ci/run).
const seconds = ((Date.now() - started) / 1000).toFixed(0);
if (process.env.BEAT_TEST_SUMMARY_FILE) appendFileSync(process.env.BEAT_TEST_SUMMARY_FILE, `Container image (npm run test:container, ${seconds} s): ${outcome}\n\n`);
