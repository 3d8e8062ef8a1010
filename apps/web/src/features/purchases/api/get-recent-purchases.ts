/** GET /api/getrecentpurchases/{userId}: every purchase of the user, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Purchase, PurchasesResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';

/** Invalidate this after a purchase: history, dashboard lists. */
export const purchasesQueryKey = ['purchases'] as const;

export function getRecentPurchases(userId: string, signal?: AbortSignal): Promise<Purchase[]> {
  return api<PurchasesResponse>(`/api/getrecentpurchases/${encodeURIComponent(userId)}`, { signal }).then((r) => r.purchases);
}

export function getRecentPurchasesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...purchasesQueryKey, 'recent', userId],
    queryFn: ({ signal }) => getRecentPurchases(userId, signal),
    staleTime: 30_000,
  });
}

export function useRecentPurchases(userId: string) {
  return useQuery(getRecentPurchasesQueryOptions(userId));
}
