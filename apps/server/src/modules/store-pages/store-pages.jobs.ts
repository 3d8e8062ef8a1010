/** The intro video's render as a durable job (docs/background-jobs.md): it survives a restart and is retried on failure. */
import type { Deps } from '../../deps.js';
import type { JobHandlers, JobLogger } from '../../jobs/job-worker.js';
import { INTRO_VIDEO_QUEUE, renderStoreIntroVideo } from './intro-video.service.js';

export function storePagesJobHandlers(deps: Pick<Deps, 'db' | 'clock' | 'storage'>, log: JobLogger): JobHandlers {
  return {
    [INTRO_VIDEO_QUEUE]: {
      run: async (_payload, { signal }) => {
        const outcome = await renderStoreIntroVideo(deps, signal);
        log.info({ outcome }, `intro video: ${outcome}`);
      },
    },
  };
}
