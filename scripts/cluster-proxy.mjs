// A small round-robin HTTP proxy in front of several server processes, for `npm run cluster` and the cluster tests:
// each request goes to the next process, bodies are streamed both ways, and X-Forwarded-For gains the client's
// address, which the processes believe with TRUST_PROXY=loopback (docs/product/limits.md#the-clients-address).
import http from 'node:http';

/** How long a process that refused a connection is left out of the rotation. */
const RESTING_MS = 2_000;

/**
 * Starts the proxy on `port` (0: any free one) of `host`; `targets` are the processes' base URLs.
 * Returns `{ url, port, served, close }`, where `served[i]` counts the requests sent to `targets[i]`.
 */
export function startRoundRobinProxy({ targets, port = 0, host = '127.0.0.1' }) {
  if (targets.length === 0) throw new Error('The proxy needs at least one process to send requests to.');
  const upstreams = targets.map((target) => ({ url: new URL(target), restingUntil: 0 }));
  const served = upstreams.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  let next = 0;

  const pick = () => {
    const now = Date.now();
    for (let tried = 0; tried < upstreams.length; tried++) {
      const index = next;
      next = (next + 1) % upstreams.length;
      if (upstreams[index].restingUntil <= now) return index;
    }
    // Every process refused lately: try the next one anyway rather than refusing on a guess.
    const index = next;
    next = (next + 1) % upstreams.length;
    return index;
  };

  const server = http.createServer((request, response) => {
    const index = pick();
    const upstream = upstreams[index];
    served[index] += 1;
    const client = request.socket.remoteAddress ?? '';
    const forwardedFor = request.headers['x-forwarded-for'];
    const headers = {
      ...request.headers,
      'x-forwarded-for': forwardedFor ? `${forwardedFor}, ${client}` : client,
      'x-forwarded-proto': request.headers['x-forwarded-proto'] ?? 'http',
      'x-forwarded-host': request.headers['x-forwarded-host'] ?? request.headers.host ?? '',
    };
    const outgoing = http.request(
      { host: upstream.url.hostname, port: upstream.url.port, method: request.method, path: request.url, headers, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    outgoing.on('error', (error) => {
      if (error.code === 'ECONNREFUSED') upstream.restingUntil = Date.now() + RESTING_MS;
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(502, { 'content-type': 'application/json', 'retry-after': '1' });
      response.end(JSON.stringify({ message: `The store's process at ${upstream.url.host} did not answer. Please try again.` }));
    });
    request.pipe(outgoing);
    request.on('error', () => outgoing.destroy());
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        port: address.port,
        served,
        close: () =>
          new Promise((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
