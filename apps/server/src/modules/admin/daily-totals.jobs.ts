/** Day totals as a recurring background job: every few minutes each day's appended rows are folded into one. */
import type { Deps } from '../../deps.js';
import type { JobHandlers, JobLogger } from '../../jobs/job-worker.js';
import { compactDailyTotals } from './daily-totals.js';

export const DAILY_TOTALS_QUEUE = 'analytics.compact';
/** A day's rows grow by one per counted write between runs: a busy day stays at a few hundred rows. */
export const DAILY_TOTALS_INTERVAL_MS = 5 * 60_000;

export function dailyTotalsJobHandlers(deps: Pick<Deps, 'db'>, log: JobLogger): JobHandlers {
  return {
    [DAILY_TOTALS_QUEUE]: {
      everyMs: DAILY_TOTALS_INTERVAL_MS,
      run: async () => {
        const folded = await compactDailyTotals(deps);
        if (folded > 1000) log.info({ folded }, 'analytics: day totals compacted');
      },
    },
  };
}
