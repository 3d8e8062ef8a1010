/** Store Settings' "Previews": how many beats have a preview rendered with the current tag settings, live while the jobs run. */
import { useId } from 'react';
import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { previewProgressText, type PreviewProgress } from '@beat/shared';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { previewsPending } from '../lib/audio-info';
import { formatCount } from '../lib/format';
import './form-outcome.css';

export function PreviewsStatus({ progress }: { progress: PreviewProgress }) {
  const headingId = useId();
  const pending = previewsPending(progress) > 0;
  const { total, rendered, failed } = progress;
  return (
    <section className="admin-card store-settings__previews" aria-labelledby={headingId}>
      <div className="admin-card__head">
        <h2 id={headingId} className="admin-card__title">
          Previews
        </h2>
        {pending && (
          <span className="previews__badge">
            <Spinner size="sm" />
            Rendering
          </span>
        )}
      </div>
      <p className="admin-card__lead">
        A change to the tag renders every preview again; old previews keep playing in the store until each new one is ready.
      </p>
      <div className="previews__meter">
        <p className="previews__text" role="status">
          {previewProgressText(progress)}
        </p>
        {/* With no beat to render, the bar reads as complete. */}
        <progress className="previews__bar" aria-label="Previews rendered" max={total || 1} value={total ? rendered : 1} />
      </div>
      {failed > 0 && (
        <p className="form-failure previews__failed">
          <TriangleAlert aria-hidden="true" />
          <span>
            {formatCount(failed)} {failed === 1 ? 'preview' : 'previews'} could not be rendered.{' '}
            <Link to={paths.adminBeats}>See why and retry in Beats Management</Link>
          </span>
        </p>
      )}
    </section>
  );
}
