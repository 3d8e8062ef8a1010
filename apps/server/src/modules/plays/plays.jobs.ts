/** Housekeeping for play counting: forget listens once they are outside the counting window. */
import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../jobs/job-worker.js';
import { PLAY_DEDUPE_MS, pruneListens } from './plays.service.js';

export function playJobHandlers(deps: Pick<Deps, 'db' | 'clock'>): JobHandlers {
  return { 'plays.prune-listens': { everyMs: PLAY_DEDUPE_MS, run: () => pruneListens(deps) } };
}
