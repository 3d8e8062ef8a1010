/** The audio pipeline's background jobs: render a beat's preview, sweep the catalog after a tag change, remove renders nothing uses any more. */
import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../jobs/job-worker.js';
import { collectUnusedRenders, GC_QUEUE, markRenderFailed, renderBeatPreview, RENDER_QUEUE, RETAG_QUEUE, retagStep } from './previews.service.js';

export function previewJobHandlers(deps: Deps): JobHandlers {
  return {
    [RENDER_QUEUE]: {
      run: (payload, { signal }) => renderBeatPreview(deps, String(payload.beatId), signal),
      onFailed: (payload, message) => markRenderFailed(deps, String(payload.beatId), message),
    },
    [RETAG_QUEUE]: {
      run: async (payload) => {
        await retagStep(deps, typeof payload.after === 'string' ? payload.after : null);
      },
    },
    [GC_QUEUE]: {
      everyMs: 60 * 60_000,
      run: async () => {
        await collectUnusedRenders(deps);
      },
    },
  };
}
