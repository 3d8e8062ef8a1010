/**
 * The store behind nginx with the configuration the project ships (deploy/nginx.conf, deploy/nginx-proxy.conf;
 * docs/deploying-nginx.md): the TLS example is valid, the body limits agree with the app's, the client's address
 * reaches the app and a forged one does not, downloads stream whole and in ranges, hashed assets are cached, and
 * /api answers in the store's JSON shape when nginx has no process to ask. The process is stopped in the last test.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largestUploadBytes, MEGABYTE, messages } from '@beat/shared';
import { entitlements, users } from '../db/schema.js';
import { createStorage } from '../adapters/storage/create-storage.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { verificationsPerAddress } from '../modules/licences/licence-verify.service.js';
import { insertBeat } from '../test/helper.js';
import { exited } from '../test/server-process.js';
import { nginxBinary } from '../../../../scripts/nginx.mjs';
import { call, nextAddress, startCluster, type Cluster } from './cluster-harness.js';

const deploy = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');
const proxyConf = readFileSync(path.join(deploy, 'nginx-proxy.conf'), 'utf8');
const ASSET = 'index-5e1f0a9c.js';

let cluster: Cluster;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'beat-nginx-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Beat Market</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', ASSET), 'console.log("the store");');
  cluster = await startCluster({ size: 1, files: 'local', env: { WEB_DIST: webDist } });
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  rmSync(webDist, { recursive: true, force: true });
}, 60_000);

const nginx = () => cluster.proxy.url;

/** Sends a request's head and as much of its body as `bodyBytes` says, and reads the status line and the body nginx answers with. */
function rawRequest(head: string, bodyBytes = 0): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(nginx());
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // The whole answer is in: done, without waiting for nginx to give up on the body that never comes.
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(head)?.[1];
      if (length !== undefined && Buffer.byteLength(rest.join('\r\n\r\n'), 'latin1') >= Number(length)) socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), text: received.split('\r\n\r\n').slice(1).join('\r\n\r\n') }));
    socket.write(head);
    if (bodyBytes > 0) socket.write(Buffer.alloc(bodyBytes, 0x61));
  });
}

describe('the configuration the project ships', () => {
  it('the TLS example passes nginx -t with a throwaway self-signed certificate', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'beat-nginx-tls-'));
    try {
      const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=store.example.com',
        '-keyout', path.join(dir, 'privkey.pem'), '-out', path.join(dir, 'fullchain.pem')], { encoding: 'utf8' });
      expect(made.status, made.stderr).toBe(0);
      // The example as shipped, with its machine paths moved into the test's folder.
      const conf = readFileSync(path.join(deploy, 'nginx.conf'), 'utf8')
        .replaceAll('/etc/ssl/beat-market/', `${dir}/`)
        .replaceAll('/var/log/nginx/', `${dir}/`)
        .replaceAll('/var/cache/nginx/', `${dir}/cache/`)
        .replaceAll('/run/nginx.pid', `${dir}/nginx.pid`);
      expect(conf).toContain(`ssl_certificate ${dir}/fullchain.pem;`);
      writeFileSync(path.join(dir, 'nginx.conf'), conf);
      mkdirSync(path.join(dir, 'cache'));
      copyFileSync(path.join(deploy, 'nginx-proxy.conf'), path.join(dir, 'nginx-proxy.conf'));
      const checked = spawnSync(nginxBinary, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
      expect(checked.stderr).toContain('test is successful');
      expect(checked.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("nginx's body limit is the app's largest upload, and a bigger request is refused in the store's JSON shape", async () => {
    const limit = /^client_max_body_size (\d+)m;$/m.exec(proxyConf)?.[1];
    expect(Number(limit) * MEGABYTE).toBe(largestUploadBytes);
    // Refused on its Content-Length, before a byte of the body is sent.
    const refused = await rawRequest(
      `POST /api/admin/beats HTTP/1.1\r\nHost: store\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${largestUploadBytes + 1}\r\nConnection: close\r\n\r\n`,
    );
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.text)).toEqual({ message: expect.stringMatching(/too large/) });
  });

  it("a body over a route's own limit is answered 413 by the app through nginx, never 503", async () => {
    // The JSON routes take 1 MiB; bodies a few times larger are read to their end before the app answers, so nginx
    // sees the answer instead of a reset connection.
    for (const size of [2 * MEGABYTE, 6 * MEGABYTE, 2 * MEGABYTE, 6 * MEGABYTE]) {
      const res = await fetch(`${nginx()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"email":"${'a'.repeat(size)}"}` });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: 'The request body is too large.' });
    }
  });

  it("with TRUST_PROXY the app counts the client's own address, and an X-Forwarded-For the client forged is not believed", async () => {
    const verify = (from: string, forged: string) =>
      call(nginx(), 'GET', '/api/licenses/0000-0000-0000-0000-0000-0000/verify', { from, headers: { 'x-forwarded-for': forged } });
    const client = nextAddress();
    const statuses: number[] = [];
    // Each request claims another address; were it believed, none would reach the limit.
    for (let i = 0; i <= verificationsPerAddress.max; i++) statuses.push((await verify(client, `203.0.113.${i + 1}`)).status);
    expect(statuses.slice(0, -1).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client, with the very addresses the first one forged, has a budget of its own.
    expect((await verify(nextAddress(), '203.0.113.1')).status).toBe(404);
  });

  it('a bought file downloads through nginx whole and in ranges, byte for byte', async () => {
    const bytes = randomBytes(3 * MEGABYTE + 12_345);
    const key = `audio/nginx/${randomBytes(4).toString('hex')}.mp3`;
    await (await createStorage(cluster.config)).put(key, bytes);
    const beat = await insertBeat(cluster.database.db, { mp3Key: key });
    const password = 'nginx-download-password';
    const [buyer] = await cluster.database.db
      .insert(users)
      .values({ email: `nginx-${randomBytes(5).toString('hex')}@example.test`, fullName: 'Nginx Buyer', passwordHash: await hashPassword(password) })
      .returning();
    await cluster.database.db.insert(entitlements).values({ userId: buyer!.id, beatId: beat.id, source: 'lease' });
    const login = await call<{ token: string }>(nginx(), 'POST', '/api/login', { body: { email: buyer!.email, password }, from: nextAddress() });
    expect(login.status).toBe(200);
    const link = await call<{ url: string }>(nginx(), 'POST', '/api/download', { token: login.body.token, body: { userId: buyer!.id, beatId: beat.id, fileType: 'mp3' } });
    expect(link.status).toBe(200);
    const url = new URL(link.body.url, nginx()).pathname;

    const whole = await fetch(`${nginx()}${url}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    for (const [start, end] of [[0, 999], [MEGABYTE - 7, 2 * MEGABYTE + 3], [bytes.length - 100, bytes.length - 1]] as const) {
      const part = await fetch(`${nginx()}${url}`, { headers: { range: `bytes=${start}-${end}` } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it('a hashed asset comes with a long cache header, and nginx keeps a copy', async () => {
    const first = await fetch(`${nginx()}/assets/${ASSET}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await first.text()).toBe('console.log("the store");');
    const second = await fetch(`${nginx()}/assets/${ASSET}`);
    expect(second.headers.get('x-cache-status')).toBe('HIT');
  });

  it("the health check answers through nginx, and with every process down /api answers 503 in the store's JSON shape", async () => {
    expect(await call(nginx(), 'GET', '/api/ready')).toEqual({ status: 200, body: { status: 'ready' } });
    const server = cluster.servers[0]!;
    server.child.kill('SIGTERM');
    await exited(server.child);
    for (const url of ['/api/ready', '/api/beats?type=Non-Exclusive', '/api/login']) {
      const res = await fetch(`${nginx()}${url}`, { method: url === '/api/login' ? 'POST' : 'GET' });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({ message: messages.storeUnavailable });
    }
  });
});
