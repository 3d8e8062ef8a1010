/** Retention as a recurring background job: expired sessions, spent one-time codes and old mail are deleted hourly. */
import type { Deps } from '../../deps.js';
import type { JobHandlers, JobLogger } from '../../jobs/job-worker.js';
import { pruneExpiredRecords } from './retention.service.js';

export const RETENTION_QUEUE = 'retention.prune';
export const RETENTION_INTERVAL_MS = 60 * 60_000;

export function retentionJobHandlers(deps: Pick<Deps, 'db' | 'clock'>, log: JobLogger): JobHandlers {
  return {
    [RETENTION_QUEUE]: {
      everyMs: RETENTION_INTERVAL_MS,
      run: async () => {
        const pruned = await pruneExpiredRecords(deps);
        if (pruned.sessions + pruned.oneTimeCodes + pruned.mail > 0) log.info(pruned, 'retention: expired records deleted');
      },
    },
  };
}
