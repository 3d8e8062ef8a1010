/** Each recorded refund is made by a job, retried with back-off while the payment provider is down (docs/background-jobs.md). */
import type { Deps } from '../../deps.js';
import type { JobHandlers, JobLogger } from '../../jobs/job-worker.js';
import { makeRefund, REFUND_QUEUE } from './refunds.service.js';

export function refundJobHandlers(deps: Deps, log: JobLogger): JobHandlers {
  return {
    [REFUND_QUEUE]: {
      run: async (payload) => {
        await makeRefund(deps, String(payload.refundId), log);
      },
      onFailed: async (payload, message) => {
        log.error({ refundId: payload.refundId }, `refund not made after every try; reconciliation queues it again: ${message}`);
      },
    },
  };
}
