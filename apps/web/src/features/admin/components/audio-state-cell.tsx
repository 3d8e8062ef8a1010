/** A beat's preview in the beats list: Rendering…, Ready, or Failed with the reason and a Retry. */
import toast from 'react-hot-toast';
import { RotateCcw } from 'lucide-react';
import type { AdminBeat } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useRenderBeat } from '../api/render-beat';
import './audio-state.css';

export function AudioStateCell({ beat }: { beat: AdminBeat }) {
  const render = useRenderBeat();

  async function retry() {
    try {
      await render.mutateAsync(beat._id);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <div className="audio-state">
      {beat.audioState === 'rendering' ? (
        <span className="audio-state__rendering">
          <Spinner size="sm" />
          Rendering…
        </span>
      ) : beat.audioState === 'ready' ? (
        <span className="admin-pill admin-pill--ready">Ready</span>
      ) : (
        <>
          <span className="admin-pill admin-pill--failed">Failed</span>
          <span className="audio-state__error">{beat.audioError ?? 'The preview could not be rendered.'}</span>
          <Button
            size="sm"
            variant="secondary"
            className="audio-state__retry"
            icon={<RotateCcw aria-hidden="true" />}
            aria-label={`Retry rendering ${beat.beatTitle}`}
            busy={render.isPending}
            onClick={() => void retry()}
          >
            Retry
          </Button>
        </>
      )}
      {!beat.hasPreview && <span className="audio-state__note">No preview yet</span>}
    </div>
  );
}
