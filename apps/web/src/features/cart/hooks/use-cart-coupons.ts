/**
 * The coupon code kept with each cart (docs/product/deals.md#a-code-kept-with-the-cart), one way for the cart page: on the
 * server for an account (each cart its own code), in the browser for a visitor (their beat cart only; they have no stems
 * cart). Applying or removing a code changes it at once and keeps the change, so a reload or the next visit shows it.
 */
import { useCallback, useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartCoupons, CartKind } from '@beat/shared';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth';
import { cartCouponsQueryKey, useServerCartCoupons } from '../api/get-cart-coupons';
import { keepCartCoupon } from '../api/keep-cart-coupon';
import { removeCartCoupon } from '../api/remove-cart-coupon';
import { useLocalCoupon, writeLocalCoupon } from './local-cart-coupon';

const noCodes: CartCoupons = { beats: null, stems: null };

export function useCartCoupons() {
  const { user, isAuthenticated, canUseAccount } = useAuth();
  // Nothing is asked while a password change is required (docs/product/accounts.md#forced-password-change).
  const userId = canUseAccount ? user?._id : undefined;
  const local = useLocalCoupon();
  const server = useServerCartCoupons(userId);
  const queryClient = useQueryClient();
  const key = cartCouponsQueryKey(userId);

  const change = useMutation({
    mutationFn: ({ cart, code }: { cart: CartKind; code: string | null }) => {
      if (!userId) throw new Error('Not signed in');
      return code ? keepCartCoupon({ userId, cart, code }) : removeCartCoupon({ userId, cart });
    },
    onMutate: async ({ cart, code }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CartCoupons>(key);
      queryClient.setQueryData<CartCoupons>(key, { ...noCodes, ...previous, [cart]: code });
      return { previous };
    },
    onError: (error, _change, context) => {
      queryClient.setQueryData(key, context?.previous);
      toast.error(errorMessage(error, 'The coupon code could not be kept with your cart.'));
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });

  const codes: CartCoupons = useMemo(
    () => (isAuthenticated ? (server.data ?? noCodes) : { beats: local, stems: null }),
    [isAuthenticated, server.data, local],
  );
  const { mutate } = change;
  const set = useCallback(
    (cart: CartKind, code: string | null) => {
      if (isAuthenticated) mutate({ cart, code });
      else if (cart === 'beats') writeLocalCoupon(code);
    },
    [isAuthenticated, mutate],
  );

  return {
    codes,
    apply: useCallback((cart: CartKind, code: string) => set(cart, code), [set]),
    remove: useCallback((cart: CartKind) => set(cart, null), [set]),
    /** The account's codes have not loaded yet (a failed load is no code: the cart still works). */
    isLoading: isAuthenticated && Boolean(userId) && server.isPending,
  };
}
