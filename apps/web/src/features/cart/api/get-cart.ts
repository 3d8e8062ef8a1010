/** GET /api/cart/{userId}: the account's beat cart (each beat's primary offer, priced by the server). */
import { useQuery } from '@tanstack/react-query';
import type { CartItem, CartResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { userQueryOptions } from '../../../lib/user-query-options';

export const cartQueryKey = (userId: string | undefined) => ['cart', 'beats', userId] as const;
/** Invalidate this to refresh both carts (after a purchase, a merge). */
export const cartsQueryKey = ['cart'] as const;

export function getCart(userId: string, signal?: AbortSignal): Promise<CartItem[]> {
  return api<CartResponse>(`/api/cart/${encodeURIComponent(userId)}`, { signal }).then((r) => r.cartItems);
}

export function getCartQueryOptions(userId: string | undefined) {
  return userQueryOptions(cartQueryKey(userId), userId, getCart);
}

export function useServerCart(userId: string | undefined) {
  return useQuery(getCartQueryOptions(userId));
}
