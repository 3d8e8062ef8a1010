/** The stems cart (logged-in users; the server holds it): list, add and remove with the spec's toasts. */
import { useCallback, useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { commerceMessages, type Beat, type StemsCartItem } from '@beat/shared';
import { useAuth } from '../../auth/auth-context';
import { addToCart } from '../api/add-to-cart';
import { stemsCartQueryKey, useServerStemsCart } from '../api/get-stems-cart';
import { removeFromCart } from '../api/remove-from-cart';
import { cartErrorMessage } from './cart-errors';

type StemsBeat = Pick<Beat, '_id' | 'beatTitle'> & Partial<Pick<Beat, 'artistName'>>;

export function useStemsCart() {
  const { user, isAuthenticated } = useAuth();
  const userId = isAuthenticated ? user?._id : undefined;
  const query = useServerStemsCart(userId);
  const queryClient = useQueryClient();
  const key = stemsCartQueryKey(userId);

  const change = useMutation({
    mutationFn: ({ beat, add }: { beat: StemsBeat; add: boolean }) => {
      if (!userId) throw new Error('Not signed in');
      const body = { userId, beatId: beat._id };
      return add ? addToCart('stems', body) : removeFromCart('stems', body);
    },
    onMutate: async ({ beat, add }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<StemsCartItem[]>(key);
      if (!add) queryClient.setQueryData<StemsCartItem[]>(key, (list = []) => list.filter((i) => i._id !== beat._id));
      return { previous };
    },
    onError: (error, { add }, context) => {
      queryClient.setQueryData(key, context?.previous);
      toast.error(cartErrorMessage(error, add ? commerceMessages.failedToAddToCart : commerceMessages.failedToRemoveFromCart));
    },
    onSuccess: (_answer, { beat, add }) => {
      toast.success(add ? commerceMessages.addedToCart(beat.beatTitle) : commerceMessages.removedFromCart(beat.beatTitle));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const items = useMemo(() => query.data ?? [], [query.data]);
  const has = useCallback((beatId: string) => items.some((i) => i._id === beatId), [items]);
  const add = useCallback((beat: StemsBeat) => change.mutate({ beat, add: true }), [change]);
  const remove = useCallback((beat: StemsBeat) => change.mutate({ beat, add: false }), [change]);

  return {
    items,
    has,
    add,
    remove,
    isLoading: Boolean(userId) && query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    pendingBeatId: change.isPending ? change.variables?.beat._id : undefined,
  };
}
