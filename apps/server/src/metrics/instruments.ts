/**
 * The Prometheus counters, histograms and gauges of one app (docs/metrics.md), in a registry of their own, and the
 * process's standard metrics. Loaded only when metrics are served (METRICS_TOKEN): prom-client waits for its first use
 * (docs/decisions/0029-start-up.md#loaded-when-used).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/client.js';

export interface Instruments {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  jobRuns: Counter<'queue' | 'outcome'>;
  catalogCacheHits: Counter<'response'>;
  catalogCacheMisses: Counter<'response'>;
  webhookEvents: Counter<'outcome'>;
  reconciliationAsked: Counter;
  reconciliationFindings: Counter<'finding'>;
}

/** Latency buckets in seconds: most responses take milliseconds, a download or a full catalog seconds. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** `poolUse`: the pool of a PostgreSQL server; absent for the embedded database, which has no pool. */
export function createInstruments(poolUse?: () => PoolUse): Instruments {
  const registry = new Registry();
  const registers = [registry];
  const instruments: Instruments = {
    registry,
    httpRequests: new Counter({
      name: 'beat_market_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern ("(unmatched)": no route, such as a page of the web app or a 404) and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'beat_market_http_request_duration_seconds',
      help: 'Time from a request arriving to its response being sent, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: latencyBuckets,
      registers,
    }),
    jobRuns: new Counter({
      name: 'beat_market_job_runs_total',
      help: 'Background jobs run by this process, by queue and outcome: done, retrying (failed, queued again after a back-off) or failed (for good).',
      labelNames: ['queue', 'outcome'],
      registers,
    }),
    catalogCacheHits: new Counter({
      name: 'beat_market_catalog_cache_hits_total',
      help: 'Public catalog responses served from the catalog cache, by response (page, facets, all, config).',
      labelNames: ['response'],
      registers,
    }),
    catalogCacheMisses: new Counter({
      name: 'beat_market_catalog_cache_misses_total',
      help: 'Public catalog responses the catalog cache had to build (or wait for), by response (page, facets, all, config).',
      labelNames: ['response'],
      registers,
    }),
    webhookEvents: new Counter({
      name: 'beat_market_payment_webhooks_total',
      help: 'Payment provider webhook events, by outcome: the checkout state they left (paid, processing, open, expired, failed), duplicate, ignored, unknown-session, refused (bad signature) or error.',
      labelNames: ['outcome'],
      registers,
    }),
    reconciliationAsked: new Counter({
      name: 'beat_market_reconciliation_checkouts_asked_total',
      help: 'Unsettled checkouts the reconciliation job asked the payment provider about, in this process.',
      registers,
    }),
    reconciliationFindings: new Counter({
      name: 'beat_market_reconciliation_findings_total',
      help: 'What reconciliation found, by finding: fulfilled (paid, its webhook never arrived), expired, provider_error (the provider could not be asked), refund_requeued.',
      labelNames: ['finding'],
      registers,
    }),
  };
  if (poolUse) registerPoolGauges(registry, poolUse);
  return instruments;
}

function registerPoolGauges(registry: Registry, poolUse: () => PoolUse): void {
  const registers = [registry];
  new Gauge({
    name: 'beat_market_database_pool_max',
    help: 'The most connections this process opens to the PostgreSQL server (DATABASE_POOL_SIZE).',
    registers,
    collect() {
      this.set(poolUse().max);
    },
  });
  new Gauge({
    name: 'beat_market_database_pool_connections',
    help: 'Open connections of this process to the PostgreSQL server, by state: busy (running a query or transaction) or idle.',
    labelNames: ['state'],
    registers,
    collect() {
      const use = poolUse();
      this.set({ state: 'busy' }, use.open - use.idle);
      this.set({ state: 'idle' }, use.idle);
    },
  });
  new Gauge({
    name: 'beat_market_database_pool_waiting',
    help: 'Queries of this process waiting for a free connection to the PostgreSQL server.',
    registers,
    collect() {
      this.set(poolUse().waiting);
    },
  });
}

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (memory, CPU, event-loop lag, garbage collection), with prom-client's standard names: one
 * set per process, started the first time metrics are served (they keep a timer for the event-loop lag).
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
