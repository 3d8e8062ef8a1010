// Debian's nginx (/usr/sbin/nginx, or NGINX_BINARY) as a child process in front of several server processes, for
// `npm run cluster`, the cluster tests and the bench: the upstream and the listening port are generated, every
// location comes from the configuration the project ships (deploy/nginx-proxy.conf, included as it is), and nginx's
// pid file, logs, temporary files and asset cache live in a folder of their own under the system's temp folder.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const proxyLocations = path.join(root, 'deploy/nginx-proxy.conf');
export const nginxBinary = process.env.NGINX_BINARY || '/usr/sbin/nginx';

function connects(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The generated nginx.conf: deploy/nginx.conf's shape with this machine's paths, ports and processes. */
export function nginxConfig({ dir, targets, port, host, workers, logUpstreams = false }) {
  const servers = targets.map((target) => `    server ${new URL(target).host} max_fails=1 fail_timeout=2s;`).join('\n');
  return `daemon off;
worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {
  worker_connections 4096;
}
http {
${logUpstreams ? `  log_format upstreams '$upstream_addr';\n  access_log ${dir}/upstreams.log upstreams;` : '  access_log off;'}
  server_tokens off;
  gzip off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=beat_assets:1m max_size=100m inactive=1d use_temp_path=off;
  upstream beat_market {
    least_conn;
${servers}
    keepalive 64;
    keepalive_timeout 60s;
  }
  server {
    listen ${host.includes(':') ? `[${host}]` : host}:${port};
    include ${proxyLocations};
  }
}
`;
}

/** The pids of an nginx master and its workers (from /proc; just the master elsewhere). */
function processTree(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return [pid, ...children];
  } catch {
    return [pid];
  }
}

/**
 * Starts nginx on `port` of `host` (0: a free one) in front of `targets` (the processes' base URLs) and waits until
 * it accepts connections. Returns `{ url, port, pid, pids(), served(), errorLog(), close() }`; with `logUpstreams`,
 * nginx logs which process answered each request, and `served()[i]` counts those of `targets[i]`.
 */
export async function startNginx({ targets, port = 0, host = '127.0.0.1', workers = 1, logUpstreams = false }) {
  if (targets.length === 0) throw new Error('nginx needs at least one process to send requests to.');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'beat-nginx-'));
  // nginx's workers run as nobody when it is started as root: they must reach the folder that nginx made for them.
  chmodSync(dir, 0o755);
  const listenPort = port || (await freePort(host));
  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, nginxConfig({ dir, targets, port: listenPort, host, workers, logUpstreams }));
  const errorLog = () => {
    try {
      return readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  let output = '';
  const child = spawn(nginxBinary, ['-p', dir, '-c', configFile, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('error', (error) => (output += `${error.message}\n`));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx (${nginxBinary}) did not start: ${output}${errorLog()}`.trim());
    }
    if (await connects(host, listenPort)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not accept connections on port ${listenPort} within 15 s: ${output}${errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${listenPort}`,
    port: listenPort,
    pid: child.pid,
    pids: () => processTree(child.pid),
    errorLog,
    served: () => {
      let lines = [];
      try {
        lines = readFileSync(path.join(dir, 'upstreams.log'), 'utf8').split('\n');
      } catch {
        // nothing served yet
      }
      // A request retried on another process names each one it tried ("a, b"): the last one answered.
      const answered = lines.filter(Boolean).map((line) => line.split(', ').pop());
      return targets.map((target) => answered.filter((address) => address === new URL(target).host).length);
    },
    close: async () => {
      // SIGTERM: nginx's fast shutdown (open connections are closed, not waited for).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
