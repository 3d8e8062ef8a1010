/** The stems cart (logged-in users; the server holds it): list, add and remove with the product's toasts (docs/product/screens-and-words.md#toasts). */
import { useCallback, useMemo } from 'react';
import type { Beat, StemsCartItem } from '@beat/shared';
import { useAuth } from '../../auth';
import { stemsCartQueryKey, useServerStemsCart } from '../api/get-stems-cart';
import { useCartChange } from './use-cart-change';

type StemsBeat = Pick<Beat, '_id' | 'beatTitle'> & Partial<Pick<Beat, 'artistName'>>;

export function useStemsCart() {
  const { user, canUseAccount } = useAuth();
  // Nothing is asked while a password change is required (docs/product/accounts.md#forced-password-change).
  const userId = canUseAccount ? user?._id : undefined;
  const query = useServerStemsCart(userId);
  // An added stems item is only known once the server answers; a removed one goes at once.
  const change = useCartChange<StemsCartItem, StemsBeat>('stems', userId, stemsCartQueryKey(userId), (list, { beat, add }) =>
    add ? null : list.filter((i) => i._id !== beat._id),
  );

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
