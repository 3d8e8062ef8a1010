/** /favourite: the user's favourite beats with play (the favourites are the queue) and hearts to remove (docs/product/screens-and-words.md#account-pages). */
import { Heart, Play } from 'lucide-react';
import { ButtonLink, Button } from '../../components/ui/button';
import { LoadFailed } from '../../components/ui/load-failed';
import { paths } from '../../config/paths';
import { UserLayout } from '../../features/account';
import { RequireAuth } from '../../features/auth';
import { BeatList } from '../../features/catalog';
import { useFavorites } from '../../features/favourites';
import { canPlay, usePlayerControls } from '../../features/player';
import './store-pages.css';

export function FavouritePage() {
  return (
    <RequireAuth loadingLabel="Loading your favourites">{(user) => <Favourites userId={user._id} />}</RequireAuth>
  );
}

function Favourites({ userId }: { userId: string }) {
  const favorites = useFavorites(userId);
  const beats = favorites.data ?? [];
  const first = beats.find(canPlay);
  const { play } = usePlayerControls();

  return (
    <UserLayout
      title="Favourites"
      lead={
        favorites.isSuccess
          ? beats.length === 1
            ? '1 beat you loved. Press play and it runs through your favourites.'
            : `${beats.length} beats you loved. Press play and it runs through your favourites.`
          : 'The beats you loved, in one place.'
      }
      actions={
        first && (
          <Button icon={<Play aria-hidden="true" fill="currentColor" />} onClick={() => play(first, beats)}>
            Play all
          </Button>
        )
      }
    >
      {favorites.isError ? (
        <LoadFailed title="Your favourites could not be loaded." query={favorites} />
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
    </UserLayout>
  );
}
