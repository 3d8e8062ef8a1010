/** The audio pipeline's background jobs: render a beat's preview; remove renders nothing uses any more. */
import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../jobs/job-worker.js';
import { collectUnusedRenders, GC_QUEUE, markRenderFailed, renderBeatPreview, RENDER_QUEUE } from './previews.service.js';

export function previewJobHandlers(deps: Deps): JobHandlers {
  return {
    [RENDER_QUEUE]: {
      run: (payload, { signal }) => renderBeatPreview(deps, String(payload.beatId), signal),
      onFailed: (payload, message) => markRenderFailed(deps, String(payload.beatId), message),
    },
    [GC_QUEUE]: {
      everyMs: 60 * 60_000,
      run: async () => {
        await collectUnusedRenders(deps);
      },
    },
  };
}
