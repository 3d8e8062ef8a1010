/** PUT /api/cart/tier: the account's cart line of a beat now buys another licence tier (docs/product/licenses.md#tiers). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartChangeResponse, ChangeCartTierBody } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { cartErrorMessage } from '../hooks/cart-errors';
import { beatTiersQueryKey } from './get-beat-tiers';
import { cartQueryKey } from './get-cart';
import { checkoutQuotesQueryKey } from './get-checkout-quote';

export function changeCartTier(body: ChangeCartTierBody): Promise<CartChangeResponse> {
  return api<CartChangeResponse>('/api/cart/tier', { method: 'PUT', body });
}

/** Changes a line's tier, then refreshes the cart, its quotes and the beat's tiers; the server's words are the toast. */
export function useChangeCartTier(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ beatId, tier }: { beatId: string; tier: string }) => {
      if (!userId) throw new Error('Please log in to continue.');
      return changeCartTier({ userId, beatId, tier });
    },
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(cartErrorMessage(error, 'The license could not be changed.')),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cartQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: checkoutQuotesQueryKey }),
        queryClient.invalidateQueries({ queryKey: beatTiersQueryKey }),
      ]),
  });
}
