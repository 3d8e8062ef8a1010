/** The Beat Market wordmark: equalizer mark plus name, linking home. */
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to={paths.home} className="brand" onClick={onNavigate}>
      <svg className="brand__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="16" fill="var(--accent)" />
        <g fill="var(--accent-ink)">
          <rect x="13" y="26" width="6" height="12" rx="3" />
          <rect x="23" y="18" width="6" height="28" rx="3" />
          <rect x="33" y="12" width="6" height="40" rx="3" />
          <rect x="43" y="22" width="6" height="20" rx="3" />
        </g>
      </svg>
      <span className="brand__name">
        Beat<span className="brand__accent"> Market</span>
      </span>
    </Link>
  );
}
