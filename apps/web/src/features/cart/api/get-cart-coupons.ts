/** GET /api/cart/{userId}/coupons: the coupon code kept with each of the account's carts (docs/product/deals.md#a-code-kept-with-the-cart). */
import { useQuery } from '@tanstack/react-query';
import type { CartCoupons } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { userQueryOptions } from '../../../lib/user-query-options';

/** Under `cartsQueryKey`, so refreshing the carts (after a merge, a refused checkout) refreshes the codes too. */
export const cartCouponsQueryKey = (userId: string | undefined) => ['cart', 'coupons', userId] as const;

export function getCartCoupons(userId: string, signal?: AbortSignal): Promise<CartCoupons> {
  return api<CartCoupons>(`/api/cart/${encodeURIComponent(userId)}/coupons`, { signal });
}

export function getCartCouponsQueryOptions(userId: string | undefined) {
  return userQueryOptions(cartCouponsQueryKey(userId), userId, getCartCoupons);
}

export function useServerCartCoupons(userId: string | undefined) {
  return useQuery(getCartCouponsQueryOptions(userId));
}
