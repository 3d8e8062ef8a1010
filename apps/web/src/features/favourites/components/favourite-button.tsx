/** The heart toggle of a Non-Exclusive beat. Visitors are sent to log in (docs/product/screens-and-words.md#visitors); Exclusive beats have no heart. */
import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import type { Beat } from '@beat/shared';
import { paths, withReturnUrl } from '../../../config/paths';
import { Spinner } from '../../../components/ui/spinner';
import { useDeferredAction } from '../../../hooks/use-deferred-action';
import { useAuth } from '../../auth';
import { useToggleFavourite } from '../hooks/use-toggle-favourite';
import '../../../components/ui/round-button.css';
import './favourite-button.css';

export interface FavouriteButtonProps {
  beat: Beat;
  className?: string;
}

export function FavouriteButton({ beat, className }: FavouriteButtonProps) {
  const { requiresLogin, ready, failure, isFavourite, toggle, pendingBeatId } = useToggleFavourite();
  const { userError } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // A click before the user and their favourites are in waits for them, busy (docs/product/screens-and-words.md#busy-controls).
  const click = useDeferredAction(
    () => {
      if (requiresLogin) navigate(withReturnUrl(paths.login, location.pathname + location.search));
      else toggle(beat);
    },
    { ready, failure: userError ?? failure },
  );
  if (beat.beatType !== 'Non-Exclusive') return null;

  const active = !requiresLogin && isFavourite(beat._id);
  const label = active ? `Remove ${beat.beatTitle} from favourites` : `Add ${beat.beatTitle} to favourites`;
  return (
    <button
      type="button"
      className={['round-btn fav-btn', active && 'fav-btn--on', className].filter(Boolean).join(' ')}
      aria-pressed={active}
      aria-label={label}
      title={label}
      aria-busy={pendingBeatId === beat._id || click.waiting || undefined}
      onClick={() => click.run(undefined)}
    >
      {click.waiting ? <Spinner size="sm" /> : <Heart aria-hidden="true" fill={active ? 'currentColor' : 'none'} />}
    </button>
  );
}
