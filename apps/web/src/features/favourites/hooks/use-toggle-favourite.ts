/**
 * Favourite state and toggle for beats (toggle, then refetch the list: docs/product/screens-and-words.md#beat-rows-and-cards). The heart flips at
 * once (optimistic) and flips back if the server refuses; the list is refetched either way.
 */
import { useCallback, useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import type { Beat } from '@beat/shared';
import { messages } from '@beat/shared/messages';
import { useAuth } from '../../auth';
import { favoritesQueryKey, useFavorites } from '../api/get-favorites';
import { addFavorite } from '../api/add-favorite';
import { removeFavorite } from '../api/remove-favorite';

interface ToggleVars {
  beat: Beat;
  add: boolean;
}

export function useToggleFavourite() {
  const { user, isAuthenticated, isLoading, canUseAccount } = useAuth();
  // Nothing is asked while a password change is required: the server would refuse it.
  const userId = canUseAccount ? user?._id : undefined;
  const queryClient = useQueryClient();
  const favorites = useFavorites(userId);
  const ids = useMemo(() => new Set((favorites.data ?? []).map((beat) => beat._id)), [favorites.data]);

  const mutation = useMutation({
    mutationFn: ({ beat, add }: ToggleVars) => {
      if (!userId) throw new Error('Not signed in');
      const input = { userId, beatId: beat._id };
      return add ? addFavorite(input) : removeFavorite(input);
    },
    onMutate: async ({ beat, add }) => {
      const key = favoritesQueryKey(userId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Beat[]>(key);
      queryClient.setQueryData<Beat[]>(key, (list = []) =>
        add ? (list.some((b) => b._id === beat._id) ? list : [beat, ...list]) : list.filter((b) => b._id !== beat._id),
      );
      return { previous };
    },
    onError: (_error, { add }, context) => {
      queryClient.setQueryData(favoritesQueryKey(userId), context?.previous);
      toast.error(add ? messages.failedToAddFavorite : messages.failedToRemoveFavorite);
    },
    onSuccess: (_answer, { beat, add }) => {
      toast.success(add ? messages.addedToFavorites(beat.beatTitle) : messages.removedFromFavorites(beat.beatTitle));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoritesQueryKey(userId) }),
  });

  const isFavourite = useCallback((beatId: string) => ids.has(beatId), [ids]);
  const toggle = useCallback(
    (beat: Beat) => {
      if (!userId || beat.beatType !== 'Non-Exclusive') return;
      mutation.mutate({ beat, add: !ids.has(beat._id) });
    },
    [userId, ids, mutation],
  );

  return {
    /** Visitors have no favourites: their heart leads to the login page instead. */
    requiresLogin: !isLoading && !isAuthenticated,
    /** Who is calling is known, and a signed-in user's favourites are in, so a toggle knows which way to go. */
    ready: !isLoading && (!isAuthenticated || (Boolean(userId) && favorites.isSuccess)),
    /** Why a toggle cannot happen: the user or their favourites failed to load. */
    failure: favorites.isError ? messages.failedToAddFavorite : null,
    isFavourite,
    toggle,
    pendingBeatId: mutation.isPending ? mutation.variables?.beat._id : undefined,
  };
}
