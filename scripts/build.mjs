// `npm run build`: the production build — the web app, with .br and .gz beside its assets, and the server bundle.
// `node scripts/build.mjs server` builds one part. Needs the dev dependencies; running the build needs none.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { inputsHash, parts, recordInputs, root } from './build-parts.mjs';

const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(parts);
const unknown = names.filter((name) => !(name in parts));
if (unknown.length) {
  console.error(`Unknown part ${unknown.join(', ')}: the parts are ${Object.keys(parts).join(', ')}.`);
  process.exit(1);
}
const toolless = names.filter((name) => !parts[name].tool());
if (toolless.length) {
  console.error(`Cannot build ${toolless.map((name) => parts[name].label).join(' and ')}: the dev dependencies are not installed (npm ci installs them).`);
  process.exit(1);
}

function run(label, args, cwd) {
  console.log(`› ${label}`);
  // Always a production build: a NODE_ENV inherited from a test runner would otherwise give React's development build.
  const result = spawnSync(process.execPath, args, { cwd, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) {
    console.error(`${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

// Each part's inputs as they are when its build starts: an edit made during the build leaves the part out of date.
const hashes = Object.fromEntries(names.map((name) => [name, inputsHash(parts[name])]));

if (names.includes('web')) {
  run('Building the web app', [path.join(parts.web.tool(), 'bin/vite.js'), 'build', '--logLevel', 'warn'], parts.web.dir);
  // The server's renderer of the same app, into dist/ssr/ (docs/decisions/0030-server-rendering.md).
  run('Building the web app\'s server renderer', [path.join(parts.web.tool(), 'bin/vite.js'), 'build', '--ssr', '--logLevel', 'warn'], parts.web.dir);
  run('Compressing the web app', [path.join(root, 'scripts/compress-dist.mjs'), path.join(parts.web.dir, 'dist')], root);
  recordInputs(parts.web, hashes.web);
}
if (names.includes('server')) {
  run('Building the server', ['build.mjs'], parts.server.dir);
  recordInputs(parts.server, hashes.server);
}
