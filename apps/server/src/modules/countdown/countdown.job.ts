/** The countdown rule as a recurring background job, so exclusives turn over within a minute of their end time without any client. */
import type { Deps } from '../../deps.js';
import type { JobHandlers, JobLogger } from '../../jobs/job-worker.js';
import { turnOverEndedExclusives } from './countdown.service.js';

export const COUNTDOWN_QUEUE = 'countdown.sweep';
export const COUNTDOWN_INTERVAL_MS = 30_000;

export function countdownJobHandlers(deps: Pick<Deps, 'db' | 'clock' | 'config'>, log: JobLogger, everyMs = COUNTDOWN_INTERVAL_MS): JobHandlers {
  return {
    [COUNTDOWN_QUEUE]: {
      everyMs,
      run: async () => {
        const turned = await turnOverEndedExclusives(deps);
        if (turned.length > 0) {
          log.info({ beats: turned.map((b) => b.id) }, `countdown ended: ${turned.length} exclusive(s) joined the VIP catalog`);
        }
      },
    },
  };
}
