/** /favourite: the user's favourite beats with play (the favourites are the queue) and hearts to remove (spec §2). */
import { Heart, Play } from 'lucide-react';
import { Navigate } from 'react-router';
import { ButtonLink, Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paths, withReturnUrl } from '../../config/paths';
import { useAuth } from '../../features/auth/auth-context';
import { BeatList } from '../../features/catalog';
import { useFavorites } from '../../features/favourites';
import { usePlayerControls } from '../../features/player';
import { errorMessage } from '../../lib/api-client';
import './store-pages.css';

export function FavouritePage() {
  const { isAuthenticated, isLoading, user } = useAuth();
  if (!isAuthenticated) return <Navigate to={withReturnUrl(paths.login, paths.favourite)} replace />;
  if (isLoading || !user) {
    return (
      <div className="store-page store-page--center">
        <Spinner size="lg" label="Loading your favourites" />
      </div>
    );
  }
  return <Favourites userId={user._id} />;
}

function Favourites({ userId }: { userId: string }) {
  const favorites = useFavorites(userId);
  const beats = favorites.data ?? [];
  const first = beats[0];
  const { play } = usePlayerControls();

  return (
    <div className="store-page">
      <title>Favourites · Beat Market</title>
      <header className="fav-hero">
        <span className="fav-hero__icon" aria-hidden="true">
          <Heart fill="currentColor" />
        </span>
        <div>
          <p className="store-hero__eyebrow">Your library</p>
          <h1 className="store-hero__title">Favourites</h1>
          <p className="store-hero__lead">
            {favorites.isSuccess
              ? beats.length === 1
                ? '1 beat you loved. Press play and it runs through your favourites.'
                : `${beats.length} beats you loved. Press play and it runs through your favourites.`
              : 'The beats you loved, in one place.'}
          </p>
        </div>
        {first && (
          <Button className="fav-hero__play" icon={<Play aria-hidden="true" fill="currentColor" />} onClick={() => play(first, beats)}>
            Play all
          </Button>
        )}
      </header>

      {favorites.isError ? (
        <div className="cat-state" role="alert">
          <p className="cat-state__title">Your favourites could not be loaded.</p>
          <p>{errorMessage(favorites.error)}</p>
          <Button size="sm" variant="secondary" onClick={() => void favorites.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <BeatList
          beats={beats}
          label="Favourite beats"
          isLoading={favorites.isPending}
          empty={
            <>
              <span className="fav-empty__icon" aria-hidden="true">
                <Heart />
              </span>
              <p className="cat-state__title">No favourites yet</p>
              <p>Tap the heart on any beat of the VIP catalog to keep it here.</p>
              <ButtonLink to={paths.home} size="sm">
                Browse beats
              </ButtonLink>
            </>
          }
        />
      )}
    </div>
  );
}
