/**
 * What the store counts for GET /metrics (docs/metrics.md), as `deps.metrics`: one per app, so each server process
 * serves its own counts. Until metrics are served (METRICS_TOKEN) nothing is counted and prom-client is not loaded;
 * metrics-route.ts starts the counting with the app's instruments.
 */
import type { PoolUse } from '../db/client.js';
import type { Instruments } from './instruments.js';

/** How a run of a background job ended (jobs/job-worker.ts). */
export type JobOutcome = 'done' | 'retrying' | 'failed';

/** The public catalog responses the catalog cache keeps (modules/beats/catalog-cache.ts). */
export type CatalogResponse = 'page' | 'facets' | 'all' | 'config';

/** What one reconciliation run found (modules/checkout/reconcile.service.ts). */
export interface ReconciliationCounts {
  asked: number;
  fulfilled: number;
  expired: number;
  /** Provider calls that failed. */
  failed: number;
  refundsQueued: number;
}

export class Metrics {
  private instruments: Instruments | null = null;

  /** `poolUse`: the pool of a PostgreSQL server; absent for the embedded database, which has no pool. */
  constructor(readonly poolUse?: () => PoolUse) {}

  /** Whether counting has started: only when /metrics is served. */
  get counting(): boolean {
    return this.instruments !== null;
  }

  start(instruments: Instruments): void {
    this.instruments = instruments;
  }

  /** A response, by method, route pattern (never the raw URL) and status, with its latency. */
  request(method: string, route: string, status: number, seconds: number): void {
    if (!this.instruments) return;
    this.instruments.httpRequests.inc({ method, route, status });
    this.instruments.httpDuration.observe({ method, route }, seconds);
  }

  jobRun(queue: string, outcome: JobOutcome): void {
    this.instruments?.jobRuns.inc({ queue, outcome });
  }

  catalogCache(response: CatalogResponse, hit: boolean): void {
    if (!this.instruments) return;
    (hit ? this.instruments.catalogCacheHits : this.instruments.catalogCacheMisses).inc({ response });
  }

  /** A payment webhook event, by outcome: the checkout state it left, or duplicate, ignored, unknown-session, refused, error. */
  webhookEvent(outcome: string): void {
    this.instruments?.webhookEvents.inc({ outcome });
  }

  reconciled(run: ReconciliationCounts): void {
    if (!this.instruments) return;
    const findings = this.instruments.reconciliationFindings;
    this.instruments.reconciliationAsked.inc(run.asked);
    findings.inc({ finding: 'fulfilled' }, run.fulfilled);
    findings.inc({ finding: 'expired' }, run.expired);
    findings.inc({ finding: 'provider_error' }, run.failed);
    findings.inc({ finding: 'refund_requeued' }, run.refundsQueued);
  }
}
