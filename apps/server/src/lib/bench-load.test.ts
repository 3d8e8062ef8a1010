/** The bench's load generator (scripts/bench-load.mjs): what it counts must be what a server sent. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load, loadInWorker } from '../../scripts/bench-load.mjs';

const SMALL = '{"status":"ok"}';
const PART = 'x'.repeat(10_000);

let server: http.Server;
let url = '';
const finished = new Map<string, number>();
const issued = new Set<string>();
let sessions = 0;
const STALL_MS = 700;
let stallNext = false;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.on('finish', () => finished.set(req.url ?? '', (finished.get(req.url ?? '') ?? 0) + 1));
    if (req.url === '/small') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(SMALL) });
      res.end(SMALL);
    } else if (req.url === '/streamed') {
      // No length: Node sends it chunked, in three chunks written apart.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write(PART);
      setImmediate(() => {
        res.write(PART);
        setImmediate(() => res.end(PART));
      });
    } else if (req.method === 'POST' && req.url === '/login') {
      // Answers a session for the name in the JSON body: the whole body, framed by its Content-Length, must arrive.
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { name } = JSON.parse(body) as { name: string };
        const token = `${name}-${++sessions}`;
        issued.add(token);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"token":');
        setImmediate(() => res.end(`${JSON.stringify(token)}}`));
      });
    } else if (req.url === '/whoami') {
      const token = req.headers.authorization?.replace('Bearer ', '') ?? '';
      res.writeHead(issued.has(token) ? 200 : 401, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(token) });
      res.end(token);
    } else if (req.url === '/closing') {
      res.writeHead(200, { connection: 'close', 'content-length': '2' });
      res.end('ok');
    } else if (req.url === '/dropped') {
      req.socket.destroy();
    } else if (req.url === '/stalls-first') {
      // The first request since the flag was set waits STALL_MS; every other is answered at once.
      const wait = stallNext ? STALL_MS : 0;
      stallNext = false;
      setTimeout(() => {
        res.writeHead(200, { 'content-length': '2' });
        res.end('ok');
      }, wait);
    } else if (req.url === '/silent') {
      // Never answers.
    } else {
      res.writeHead(404, { 'content-length': '0' });
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the bench load', () => {
  it('counts each answer once, framed by its length or by chunks, with the bytes it received', async () => {
    finished.clear();
    const result = await load({ url, paths: ['/small', '/streamed'], connections: 2, seconds: 0.5 });
    const served = (finished.get('/small') ?? 0) + (finished.get('/streamed') ?? 0);
    expect(result.errors).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.answered).toBeGreaterThan(10);
    // Responses that ended after the time was up are not counted: at most one a connection.
    expect(served - result.answered).toBeGreaterThanOrEqual(0);
    expect(served - result.answered).toBeLessThanOrEqual(2);
    // Each connection alternates the two (15 bytes, and 30,000 in chunks): a response's bytes are its body, its
    // head and, when chunked, the chunks' framing, a few hundred bytes in all.
    const perAnswer = result.bytes / result.rps;
    const bodies = (SMALL.length + 3 * PART.length) / 2;
    expect(perAnswer).toBeGreaterThan(bodies - 3 * PART.length * 0.1);
    expect(perAnswer).toBeLessThan(bodies + 3 * PART.length * 0.1);
    expect(result.p50).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
    // Per second of the whole load, the last connection's closing included.
    expect(result.rps).toBeLessThanOrEqual(result.answered / 0.5);
    expect(result.rps).toBeGreaterThan(result.answered / 1.5);
  });

  it('counts answers that are not 2xx, from a worker thread too', async () => {
    const result = await loadInWorker({ url, paths: ['/missing'], connections: 2, seconds: 0.3 });
    expect(result.answered).toBeGreaterThan(10);
    expect(result.non2xx).toBe(result.answered);
    expect(result.errors).toBe(0);
  });

  it("runs a mix: a step is made from its connection's context, which each round starts empty, and reads its answer", async () => {
    const startedWith: number[] = [];
    const answers: string[] = [];
    const result = await load<{ token?: string }>({
      url,
      connections: 2,
      seconds: 0.4,
      requests: [
        {
          method: 'POST',
          path: '/login',
          headers: { 'content-type': 'application/json' },
          setup: (context) => {
            startedWith.push(Object.keys(context).length);
            return { body: JSON.stringify({ name: 'buyer' }) };
          },
          // The token arrives in two chunks: the body is read whole.
          onResponse: (status, body, context) => {
            context.token = (JSON.parse(body()) as { token: string }).token;
          },
        },
        {
          setup: (context) => ({ path: '/whoami', headers: { authorization: `Bearer ${context.token}` } }),
          onResponse: (status, body, context) => answers.push(`${status} ${body()} ${context.token}`),
        },
        { path: '/small' },
      ],
    });
    expect(result.errors).toBe(0);
    expect(result.non2xx).toBe(0);
    // Two rounds at least on each connection.
    expect(answers.length).toBeGreaterThanOrEqual(4);
    for (const answer of answers) {
      const [status, seen, sent] = answer.split(' ');
      expect(status).toBe('200');
      expect(seen).toBe(sent);
    }
    expect(startedWith.length).toBeGreaterThanOrEqual(4);
    expect(startedWith.every((keys) => keys === 0)).toBe(true);
  });

  it('goes on with a new connection when the server closes one, and counts a dropped or unanswered request as an error', async () => {
    // One connection answers once: more answers are more connections.
    const closing = await load({ url, paths: ['/closing'], connections: 1, seconds: 0.3 });
    expect(closing.answered).toBeGreaterThan(2);
    expect(closing.errors).toBe(0);
    const dropped = await load({ url, paths: ['/dropped'], connections: 1, seconds: 0.3 });
    expect(dropped.answered).toBe(0);
    expect(dropped.errors).toBeGreaterThan(1);
    const silent = await load({ url, paths: ['/silent'], connections: 1, seconds: 0.5, timeoutSeconds: 0.1 });
    expect(silent.answered).toBe(0);
    expect(silent.errors).toBeGreaterThanOrEqual(2);
  });

  it('holds an open load to its rate, whatever the server could take', async () => {
    const open = await load({ url, paths: ['/small'], connections: 4, seconds: 1, rate: 40 });
    // Forty requests were due in the second; a closed load gets thousands from this server.
    expect(open.answered).toBeGreaterThanOrEqual(36);
    expect(open.answered).toBeLessThanOrEqual(41);
    expect(open.errors).toBe(0);
  });

  it('counts an open load’s latency from when each request was due, so a stall weighs on every request it held back', async () => {
    // One connection, a request due every 50 ms; the first waits 700 ms, holding back the thirteen due meanwhile.
    stallNext = true;
    const open = await load({ url, paths: ['/stalls-first'], connections: 1, seconds: 1, rate: 20 });
    expect(open.answered).toBeGreaterThanOrEqual(18);
    expect(open.p99).toBeGreaterThanOrEqual(STALL_MS - 50);
    // Most requests were due during the stall: the median request waited hundreds of milliseconds.
    expect(open.p50).toBeGreaterThan(100);
    // The same stall in a closed load delays one request only, among many: the median is the server's quick answer.
    stallNext = true;
    const closed = await load({ url, paths: ['/stalls-first'], connections: 1, seconds: 1 });
    expect(closed.answered).toBeGreaterThan(100);
    expect(closed.p50).toBeLessThan(100);
  });

  it('ends with the error of a step that throws', async () => {
    const steps = [{ path: '/small', onResponse: () => { throw new Error('a step that cannot read its answer'); } }];
    await expect(load({ url, requests: steps, connections: 2, seconds: 5 })).rejects.toThrow('a step that cannot read its answer');
  });
});
