/**
 * Adds a beat to, or removes it from, one of the account's carts on the server: optimistic list change, rollback and
 * the product's toasts on failure and on success (docs/product/screens-and-words.md#toasts), and a refetch either way. use-cart and use-stems-cart share it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { commerceMessages } from '@beat/shared/messages';
import { addToCart, type CartKind } from '../api/add-to-cart';
import { removeFromCart } from '../api/remove-from-cart';
import { cartErrorMessage } from './cart-errors';

export interface CartChange<B> {
  beat: B;
  add: boolean;
  /** The licence tier an added beat cart line buys (docs/product/licenses.md#tiers); default: the beat's primary offer. */
  tier?: string;
}

export function useCartChange<Item, B extends { _id: string; beatTitle: string }>(
  kind: CartKind,
  userId: string | undefined,
  key: readonly unknown[],
  /** The list as it should look right away, before the server answers; null leaves it as it is. */
  optimistic: (list: Item[], change: CartChange<B>) => Item[] | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ beat, add, tier }: CartChange<B>) => {
      if (!userId) throw new Error('Not signed in');
      const body = { userId, beatId: beat._id };
      return add ? addToCart(kind, tier === undefined ? body : { ...body, tier }) : removeFromCart(kind, body);
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Item[]>(key);
      const next = optimistic(previous ?? [], change);
      if (next) queryClient.setQueryData<Item[]>(key, next);
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
}
