/** GET /api/stemscart/{userId}: the account's stems cart. */
import { useQuery } from '@tanstack/react-query';
import type { StemsCartItem, StemsCartResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { userQueryOptions } from '../../../lib/user-query-options';

export const stemsCartQueryKey = (userId: string | undefined) => ['cart', 'stems', userId] as const;

export function getStemsCart(userId: string, signal?: AbortSignal): Promise<StemsCartItem[]> {
  return api<StemsCartResponse>(`/api/stemscart/${encodeURIComponent(userId)}`, { signal }).then((r) => r.cartItems);
}

export function getStemsCartQueryOptions(userId: string | undefined) {
  return userQueryOptions(stemsCartQueryKey(userId), userId, getStemsCart);
}

export function useServerStemsCart(userId: string | undefined) {
  return useQuery(getStemsCartQueryOptions(userId));
}
