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
});
