/** Reconciliation as a recurring background job: every minute, on one process at a time (docs/background-jobs.md). */
import type { Deps } from '../../deps.js';
import type { JobHandlers, JobLogger } from '../../jobs/job-worker.js';
import { reconcileCheckouts } from './reconcile.service.js';

export const RECONCILE_QUEUE = 'checkout.reconcile';
export const RECONCILE_INTERVAL_MS = 60_000;

export function reconcileJobHandlers(deps: Deps, log: JobLogger, everyMs = RECONCILE_INTERVAL_MS): JobHandlers {
  return {
    [RECONCILE_QUEUE]: {
      everyMs,
      run: async () => {
        const report = await reconcileCheckouts(deps, log);
        if (report.asked > 0 || report.refundsQueued > 0) log.info({ ...report }, 'checkouts reconciled with the payment provider');
      },
    },
  };
}
