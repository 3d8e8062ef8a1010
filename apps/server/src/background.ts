/** Every background job of the store, and the worker that runs them in this process (docs/background-jobs.md). */
import type { Deps } from './deps.js';
import { startJobWorker, type JobHandlers, type JobLogger, type RunningWorker } from './jobs/job-worker.js';
import { previewJobHandlers } from './modules/previews/previews.jobs.js';
import { countdownJobHandlers } from './modules/countdown/countdown.job.js';
import { playJobHandlers } from './modules/plays/plays.jobs.js';
import { retentionJobHandlers } from './modules/retention/retention.jobs.js';
import { catalogJobHandlers } from './modules/beats/beats.jobs.js';
import { dailyTotalsJobHandlers } from './modules/admin/daily-totals.jobs.js';
import { storePagesJobHandlers } from './modules/store-pages/store-pages.jobs.js';
import { reconcileJobHandlers } from './modules/checkout/reconcile.job.js';
import { refundJobHandlers } from './modules/checkout/refunds.job.js';
import { exclusiveOfferJobHandlers } from './modules/exclusive-offers/exclusive-offers.jobs.js';

export function jobHandlers(deps: Deps, log: JobLogger): JobHandlers {
  return {
    ...previewJobHandlers(deps),
    ...countdownJobHandlers(deps, log),
    ...playJobHandlers(deps),
    ...deps.mailer.jobHandlers,
    ...retentionJobHandlers(deps, log),
    ...catalogJobHandlers(deps, log),
    ...dailyTotalsJobHandlers(deps, log),
    ...storePagesJobHandlers(deps, log),
    ...reconcileJobHandlers(deps, log),
    ...refundJobHandlers(deps, log),
    ...exclusiveOfferJobHandlers(deps, log),
  };
}

export function startBackgroundWork(deps: Deps, log: JobLogger, embedded: boolean): Promise<RunningWorker> {
  return startJobWorker(deps, jobHandlers(deps, log), {
    concurrency: deps.config.workerConcurrency,
    leaseMs: deps.config.jobLeaseMs,
    log,
    // The embedded database belongs to this process alone (the data folder lock): whatever was
    // running when it last stopped was this process's and is taken back at once.
    recoverAllOnStart: embedded,
  });
}
