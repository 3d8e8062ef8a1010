/**
 * The load behind goals 1 and 3 of `npm run bench` (scripts/bench.ts): keep-alive HTTP/1.1 connections, each
 * sending its next request the moment the response before it has ended, for a number of seconds; then requests/s,
 * latency percentiles and bytes received.
 *
 * Lean on purpose. It reads a response's status line and framing (Content-Length or chunked) and counts the body's
 * bytes without decoding or keeping them, so a 5 KB response costs it about what a 15-byte one does. autocannon parses
 * in JavaScript and appends every body to a string: on this project's two cores, with the server on one of them, a
 * compressed 50-beat page cost autocannon about 62 µs of CPU against the server's 45 µs, and the ratio of goal 1
 * measured the load generator rather than the store (docs/decisions/0016-catalog-cache.md#measuring).
 *
 * Each load runs in a worker thread of its own (`loadInWorker`): two loads at once (goal 3's page while ten clients
 * fetch the full catalog) do not wait on each other's event loop, nor on the bench's.
 */
import net from 'node:net';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const CRLF2 = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** The value at a fraction of a sorted array (nearest rank). */
function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/**
 * One connection's responses, one after another: the reader of an HTTP/1.1 response stream that calls `onAnswer(status,
 * bytes)` at the end of each. It handles a body framed by Content-Length or by chunked encoding (a streamed response).
 */
function answerReader(onAnswer) {
  let pending = Buffer.alloc(0);
  let state = 'head';
  let status = 0;
  let remaining = 0;
  let bytes = 0;

  const finish = () => {
    onAnswer(status, bytes);
    state = 'head';
    bytes = 0;
  };

  return (data) => {
    bytes += data.length;
    pending = pending.length ? Buffer.concat([pending, data]) : data;
    for (;;) {
      if (state === 'head') {
        const end = pending.indexOf(CRLF2);
        if (end < 0) return;
        const head = pending.toString('latin1', 0, end);
        pending = pending.subarray(end + 4);
        status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (length) {
          remaining = Number(length[1]);
          state = 'body';
        } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
          state = 'chunk-size';
        } else {
          remaining = 0;
          state = 'body';
        }
      } else if (state === 'body') {
        const take = Math.min(remaining, pending.length);
        remaining -= take;
        pending = pending.subarray(take);
        if (remaining > 0) return;
        finish();
      } else if (state === 'chunk-size') {
        const end = pending.indexOf(CRLF);
        if (end < 0) return;
        const size = Number.parseInt(pending.toString('latin1', 0, end), 16);
        pending = pending.subarray(end + 2);
        // The last chunk is followed by an empty line (no trailers are sent here).
        remaining = size === 0 ? 2 : size + 2;
        state = size === 0 ? 'last' : 'chunk';
      } else {
        const take = Math.min(remaining, pending.length);
        remaining -= take;
        pending = pending.subarray(take);
        if (remaining > 0) return;
        if (state === 'last') finish();
        else state = 'chunk-size';
      }
    }
  };
}

/**
 * `connections` keep-alive connections to `url`, each asking `paths` in turn (every connection starts at its own
 * offset) for `seconds`. Requests still in flight when the time is up are not counted.
 */
export function load({ url, paths, connections, seconds, headers = {} }) {
  const { hostname, port } = new URL(url);
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requests = paths.map((p) => Buffer.from(`GET ${p} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${extra}\r\n`));
  const latencies = [];
  let answered = 0;
  let received = 0;
  let non2xx = 0;
  let errors = 0;

  return new Promise((resolve) => {
    const sockets = [];
    const started = performance.now();
    const until = started + seconds * 1000;
    let open = connections;

    const done = () => {
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      resolve({
        rps: answered / elapsed,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        bytes: received / elapsed,
        answered,
        non2xx,
        errors,
      });
    };

    for (let c = 0; c < connections; c++) {
      let next = c % requests.length;
      let sentAt = 0;
      const socket = net.connect(Number(port), hostname);
      socket.setNoDelay(true);
      sockets.push(socket);
      const ask = () => {
        sentAt = performance.now();
        socket.write(requests[next]);
        next = (next + 1) % requests.length;
      };
      socket.on('connect', ask);
      socket.on(
        'data',
        answerReader((status, bytes) => {
          const now = performance.now();
          if (now > until) {
            socket.destroy();
            return;
          }
          answered++;
          received += bytes;
          latencies.push(now - sentAt);
          if (status < 200 || status > 299) non2xx++;
          ask();
        }),
      );
      socket.on('error', () => {
        errors++;
      });
      socket.on('close', () => {
        if (--open === 0) done();
      });
    }
    // A connection whose response is still coming when the time is up (the full catalog takes seconds) is closed then.
    setTimeout(() => {
      for (const socket of sockets) socket.destroy();
    }, seconds * 1000 + 50).unref();
  });
}

/** `load` in a worker thread of its own. */
export function loadInWorker(options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load's worker exited with status ${code}`));
    });
  });
}

if (!isMainThread && parentPort && workerData) {
  parentPort.postMessage(await load(workerData));
}
