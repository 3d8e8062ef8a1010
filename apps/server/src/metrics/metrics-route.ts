/**
 * GET /metrics in the Prometheus text format (docs/metrics.md), for a scraper holding METRICS_TOKEN as a bearer token.
 * Without METRICS_TOKEN the route answers 404 and nothing is measured for it: metrics are never public by default.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Deps } from '../deps.js';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

/** A route pattern for requests no route names (pages of the web app, 404s): never the raw URL, whose values are unbounded. */
export const UNMATCHED_ROUTE = '(unmatched)';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests of equal length, in constant time: neither the token's bytes nor its length leak through timing. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer +(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token));
}

/** Counts every response by method, route pattern and status, with its latency. */
function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  // A callback, not an async function: no promise for every response.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * The registry /metrics serves: the process's standard metrics and this app's. Its packages load here, only with
 * METRICS_TOKEN set (docs/decisions/0029-start-up.md#loaded-when-used).
 */
async function startCounting(app: FastifyInstance, deps: Deps): Promise<Registry> {
  const [{ Registry }, { createInstruments, processMetrics }, { registerDatabaseGauges }] = await Promise.all([
    import('prom-client'),
    import('./instruments.js'),
    import('./database-gauges.js'),
  ]);
  const instruments = createInstruments(deps.metrics.poolUse);
  registerDatabaseGauges(instruments.registry, { db: deps.db, clock: deps.clock, delivers: deps.mailer.kind === 'smtp', log: app.log });
  deps.metrics.start(instruments);
  measureRequests(app, deps.metrics);
  return Registry.merge([processMetrics(), instruments.registry]);
}

/** Registers GET /metrics, and with METRICS_TOKEN set what it serves: the requests' counts and the database's gauges. */
export async function registerMetrics(app: FastifyInstance, deps: Deps): Promise<void> {
  const token = deps.config.metricsToken;
  const served = token ? await startCounting(app, deps) : null;

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!token || !served) return reply.code(404).send({ message: `No such endpoint: ${request.method} ${METRICS_PATH}` });
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: 'Metrics need the bearer token METRICS_TOKEN.' });
    }
    reply.header('cache-control', 'no-store').type(served.contentType);
    return served.metrics();
  });
}
