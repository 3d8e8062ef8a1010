// `npm run cluster`: the built store as several server processes on one PostgreSQL server (DATABASE_URL), behind
// Debian's nginx on PORT with the project's configuration (scripts/nginx.mjs, deploy/nginx-proxy.conf), for trying a
// cluster on one machine (docs/configuration.md#running-several-processes). The processes
// share the database, and Redis (REDIS_URL) and an S3 bucket (S3_*) when those are set; they listen on the ports after
// PORT. A process that stops is not restarted: the whole cluster stops and says which one it was. Ctrl-C stops all.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNginx } from './nginx.mjs';
import { serverMemoryEnv } from './server-memory-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');

function refuse(message) {
  console.error(`\n  Cannot start the cluster: ${message}\n`);
  process.exit(1);
}

if (!process.env.DATABASE_URL) {
  refuse('set DATABASE_URL to a PostgreSQL server (the embedded database belongs to one process).');
}
const size = Number(process.env.CLUSTER_SIZE || 3);
if (!Number.isInteger(size) || size < 1 || size > 16) refuse(`CLUSTER_SIZE is a number of processes from 1 to 16, not ${process.env.CLUSTER_SIZE}.`);
const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 1 || port + size > 65535) refuse(`PORT must leave room for ${size} more ports after it, not ${process.env.PORT}.`);
if (!existsSync(serverEntry)) refuse('the server is not built: run npm run build first.');
const host = process.env.HOST || '127.0.0.1';

const children = [];
let stopping = false;
let proxy;

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  Promise.all(children.map((child) => (child.exitCode !== null || child.signalCode !== null ? null : new Promise((r) => child.once('exit', r)))))
    .then(() => proxy?.close())
    .finally(() => process.exit(exitCode));
}

/** Lines of each process's output, prefixed with its number. */
function relay(stream, target, label) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) target.write(`${label} ${line}\n`);
  });
}

const ports = Array.from({ length: size }, (_, i) => port + 1 + i);
for (const [i, own] of ports.entries()) {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(own),
      // nginx names the client in X-Forwarded-For; the processes believe only it (it connects from loopback).
      TRUST_PROXY: process.env.TRUST_PROXY || 'loopback',
      ...serverMemoryEnv(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  relay(child.stdout, process.stdout, `[${i + 1}]`);
  relay(child.stderr, process.stderr, `[${i + 1}]`);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`\n  Process ${i + 1} (port ${own}) stopped (${signal ?? `exit status ${code}`}); stopping the cluster.\n`);
    stopAll(1);
  });
  children.push(child);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));

/** Waits until every process answers GET /api/ready (migrated, seeded, its database answering). */
async function ready(url) {
  for (;;) {
    if (stopping) return;
    const ok = await fetch(`${url}/api/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const targets = ports.map((own) => `http://127.0.0.1:${own}`);
await Promise.all(targets.map(ready));
if (!stopping) {
  proxy = await startNginx({ targets, port, host }).catch((error) => {
    console.error(`\n  Cannot start nginx in front of the cluster on port ${port}: ${error.message}\n`);
    stopAll(1);
  });
  if (proxy) console.log(`\n  Beat Market (${size} processes, ports ${ports[0]}–${ports[ports.length - 1]}) is running at ${proxy.url}\n`);
}
