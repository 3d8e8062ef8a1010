/** The catalog's recurring job: the hourly popularity refresh behind the "popular" sort. */
import type { Deps } from '../../deps.js';
import type { JobHandlers, JobLogger } from '../../jobs/job-worker.js';
import { POPULARITY_INTERVAL_MS, POPULARITY_QUEUE, refreshPopularity } from './popularity.service.js';

export function catalogJobHandlers(deps: Pick<Deps, 'db' | 'clock'>, log: JobLogger): JobHandlers {
  return {
    [POPULARITY_QUEUE]: {
      everyMs: POPULARITY_INTERVAL_MS,
      run: async () => {
        const changed = await refreshPopularity(deps);
        if (changed > 0) log.info({ beats: changed }, 'popularity: plays of the last 30 days recounted');
      },
    },
  };
}
