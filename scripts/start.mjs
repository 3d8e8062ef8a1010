// `npm start`: serves the built store (web app and API from one server process, started below as a child). When a part's inputs changed since
// its build (their hash, recorded beside the build, differs: scripts/build-parts.mjs) it rebuilds those parts first if the dev dependencies are
// installed; without them it serves the build it has.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { isStale, parts, root } from './build-parts.mjs';
import { serverMemoryEnv } from './server-memory-env.mjs';

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

// The server runs as a child process so that its environment can carry V8's young-generation size
// (server-memory-env.mjs): V8 reads it only when a process starts (docs/decisions/0018-embedded-database-memory.md).
// It shares this process's group, output and exit status; a stop signal is passed on as SIGTERM, which the server
// answers once (a terminal's Ctrl-C reaches both processes, and a second SIGINT would cut the server's checkpoint short).
const server = spawn(process.execPath, [...process.execArgv, path.join(parts.server.dir, 'dist/server.js')], {
  stdio: 'inherit',
  env: { ...process.env, ...serverMemoryEnv() },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  });
}
server.on('error', (error) => {
  console.error(`\n  Cannot start Beat Market: ${error.message}\n`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (signal ? (osConstants.signals[signal] ?? 0) : 0));
});
