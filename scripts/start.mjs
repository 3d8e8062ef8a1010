// `npm start`: serves the built store (web app and API from one process). When sources changed since the build it
// rebuilds those parts first if the dev dependencies are installed; without them it serves the build it has.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isStale, parts, root } from './build-parts.mjs';

const stale = Object.keys(parts).filter((name) => isStale(parts[name]));
const rebuild = stale.filter((name) => parts[name].tool());
const kept = stale.filter((name) => !parts[name].tool());
const labels = (names) => names.map((name) => parts[name].label).join(' and ');

const unbuilt = kept.filter((name) => !existsSync(parts[name].output));
if (unbuilt.length) {
  console.error(`\n  Cannot start Beat Market: ${labels(unbuilt)} is not built and the dev dependencies are not installed: run npm run build first.\n`);
  process.exit(1);
}
if (rebuild.length) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), ...rebuild], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (kept.length) {
  console.warn(`Beat Market: the sources of ${labels(kept)} changed since the build, and without the dev dependencies the existing build is served (npm run build updates it).`);
}

await import(pathToFileURL(path.join(parts.server.dir, 'dist/server.js')).href);
