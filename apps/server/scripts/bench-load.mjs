/**
 * The load of every HTTP goal of `npm run bench` (scripts/bench.ts, bench-beat-pages.ts, bench-cluster.ts): keep-alive
 * HTTP/1.1 connections, each sending its next request the moment the response before it has ended, for a number of
 * seconds; then requests/s, latency percentiles, bytes received, answers that were not 2xx and connection errors.
 * A connection asks either a list of paths (GET) in turn, or a mix of requests whose steps may be made from the
 * connection's context and read their answers (bench-cluster.ts: logging in, then buying with the session).
 *
 * Lean on purpose. It reads a response's status line and framing (Content-Length or chunked) and counts the body's
 * bytes without decoding or keeping them, so a 5 KB response costs it about what a 15-byte one does; only a step that
 * reads its answer gets the body, decoded when it asks. autocannon, which the bench used before, parses in
 * JavaScript and appends every body to a string: on this project's two cores, with the server on one of them, a
 * compressed 50-beat page cost autocannon about 62 µs of CPU against the server's 45 µs, and the ratio of goal 1
 * measured the load generator rather than the store (docs/decisions/0016-catalog-cache.md#measuring).
 *
 * With `rate`, the load is open: requests are due at a fixed rate (each connection its share, evenly spaced) whether
 * or not the server keeps up, and a request's latency counts from when it was due, not from when a busy connection
 * could send it, so a stall is counted in full for every request it held back (wrk2's correction of "coordinated
 * omission"). That is the latency a store's visitors see at a given traffic; the closed load measures capacity.
 *
 * A load of paths may run in a worker thread of its own (`loadInWorker`): two loads at once (goal 3's page while ten
 * clients fetch the full catalog) do not wait on each other's event loop, nor on the bench's. A mix, whose steps are
 * functions, runs in the thread that holds its state (`load`).
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
 * bytes, body, closing)` at the end of each. It handles a body framed by Content-Length or by chunked encoding (a
 * streamed response). `body` holds the body's pieces when `keepsBody()` said so as the response began, else it is
 * empty; `closing` is true when the server said it closes the connection after this response.
 */
function answerReader(onAnswer, keepsBody) {
  let pending = Buffer.alloc(0);
  let state = 'head';
  let status = 0;
  let remaining = 0;
  let bytes = 0;
  let body = [];
  let keep = false;
  let closing = false;

  const finish = () => {
    const pieces = body;
    body = [];
    state = 'head';
    const total = bytes;
    bytes = 0;
    onAnswer(status, total, pieces, closing);
  };
  // The next `take` bytes of the body; `pending` is never written to, so a piece may refer to it.
  const consume = (take) => {
    if (keep && take > 0) body.push(pending.subarray(0, take));
    pending = pending.subarray(take);
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
        keep = keepsBody();
        closing = /\r\nconnection:\s*close/i.test(head);
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
        consume(take);
        if (remaining > 0) return;
        finish();
      } else if (state === 'chunk-size') {
        const end = pending.indexOf(CRLF);
        if (end < 0) return;
        const size = Number.parseInt(pending.toString('latin1', 0, end), 16);
        pending = pending.subarray(end + 2);
        // The last chunk is followed by an empty line (no trailers are sent here).
        remaining = size === 0 ? 2 : size;
        state = size === 0 ? 'last' : 'chunk';
      } else if (state === 'chunk') {
        const take = Math.min(remaining, pending.length);
        remaining -= take;
        consume(take);
        if (remaining > 0) return;
        // The line end after the chunk's data.
        remaining = 2;
        state = 'chunk-end';
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

/** A request as the bytes sent; a body is sent with its length. */
function encode(host, { method = 'GET', path, headers = {}, body }) {
  const lines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const length = body === undefined ? '' : `content-length: ${Buffer.byteLength(body)}\r\n`;
  return Buffer.from(`${method} ${path} HTTP/1.1\r\nHost: ${host}\r\n${lines}${length}\r\n${body ?? ''}`);
}

/**
 * `connections` keep-alive connections to `url` for `seconds`. With `paths`, each connection asks them in turn (every
 * connection starting at its own offset), with `headers`. With `requests`, each connection runs the mix from its first
 * step, again and again: a step is a request (`method`, `path`, `headers`, `body`), `setup(context)` may return what of
 * it is made when it is sent, and `onResponse(status, body, context)` reads the answer (`body()` decodes it as
 * text). `context` is the connection's, empty at the start of each round of the mix. Requests still in flight when the
 * time is up are not counted. Before then, a connection the server closes after an answer that said so goes on as a
 * new one; one dropped with a request in flight, or silent for `timeoutSeconds` while a request waits, counts an
 * error and is opened again, a mix's round started over. An exception in a step ends the load with it. With `rate`
 * (requests per second in all), each connection sends its next request when it is due rather than at once.
 */
export function load({ url, paths, requests, connections, seconds, headers = {}, timeoutSeconds, rate }) {
  const { hostname, port } = new URL(url);
  const host = `${hostname}:${port}`;
  const steps = (requests ?? paths.map((p) => ({ path: p }))).map((step) => {
    const merged = { ...step, headers: { ...headers, ...step.headers } };
    return { ...merged, bytes: step.setup ? null : encode(host, merged) };
  });
  const latencies = [];
  let answered = 0;
  let received = 0;
  let non2xx = 0;
  let errors = 0;

  return new Promise((resolve, reject) => {
    const sockets = new Set();
    const started = performance.now();
    const until = started + seconds * 1000;
    let open = connections;
    let failed = null;

    const done = () => {
      if (failed) {
        reject(failed);
        return;
      }
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
    const stopAll = () => {
      for (const socket of sockets) socket.destroy();
    };
    // A step that throws (a mix's mistake) ends the load: its numbers would measure the mistake.
    const guarded = (fn) => (...args) => {
      try {
        fn(...args);
      } catch (error) {
        failed ??= error;
        stopAll();
      }
    };

    // An open load: connection c's requests are due every `interval` ms from its own offset.
    const interval = rate ? (connections * 1000) / rate : 0;
    const dueTimes = Array.from({ length: connections }, (_, c) => started + (c * interval) / connections);

    const connect = (first, kept = {}, slot = 0) => {
      let next = first;
      let context = kept;
      let sentAt = 0;
      let inFlight = false;
      let waiting;
      const socket = net.connect(Number(port), hostname);
      socket.setNoDelay(true);
      sockets.add(socket);
      const ask = () => {
        if (rate) {
          const due = dueTimes[slot];
          const wait = due - performance.now();
          if (wait > 0) {
            waiting = setTimeout(guarded(send), wait);
            return;
          }
        }
        send();
      };
      const send = () => {
        if (next === 0) context = {};
        const step = steps[next];
        sentAt = performance.now();
        if (rate) {
          // Counted from when it was due: a request held back by a slow answer before it waits that long too.
          sentAt = Math.min(sentAt, dueTimes[slot]);
          dueTimes[slot] += interval;
        }
        inFlight = true;
        let bytes = step.bytes;
        if (!bytes) {
          const made = step.setup(context);
          bytes = encode(host, { ...step, ...made, headers: { ...step.headers, ...made.headers } });
        }
        socket.write(bytes);
      };
      let connected = false;
      socket.on(
        'connect',
        guarded(() => {
          connected = true;
          ask();
        }),
      );
      socket.on(
        'data',
        answerReader(
          guarded((status, bytes, body, closing) => {
            const now = performance.now();
            inFlight = false;
            if (now > until || closing) socket.destroy();
            if (now > until) return;
            answered++;
            received += bytes;
            latencies.push(now - sentAt);
            if (status < 200 || status > 299) non2xx++;
            const step = steps[next];
            next = (next + 1) % steps.length;
            step.onResponse?.(status, () => Buffer.concat(body).toString(), context);
            // After a server's last answer on it, the next request goes on a new connection.
            if (!closing) ask();
          }),
          () => Boolean(steps[next].onResponse),
        ),
      );
      let failedHere = false;
      socket.on('error', () => {
        errors++;
        failedHere = true;
      });
      if (timeoutSeconds) {
        socket.setTimeout(timeoutSeconds * 1000, () => {
          if (!inFlight) return;
          errors++;
          failedHere = true;
          socket.destroy();
        });
      }
      socket.on('close', () => {
        sockets.delete(socket);
        clearTimeout(waiting);
        if (connected && !failed && performance.now() < until) {
          // Closed as the server said, the connection goes on anew. Closed or failed with a request in flight, that
          // request is an error and a mix starts its round over. One that never connected (a server that is gone) is
          // not tried again.
          if (inFlight && !failedHere) errors++;
          if (inFlight && requests) connect(0, {}, slot);
          else connect(next, context, slot);
          return;
        }
        if (--open === 0) done();
      });
    };

    for (let c = 0; c < connections; c++) connect(requests ? 0 : c % steps.length, {}, c);
    // A connection whose response is still coming when the time is up (the full catalog takes seconds) is closed then.
    setTimeout(stopAll, seconds * 1000 + 50).unref();
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
