/**
 * GET /api/getrecentpurchases/{userId}: the user's purchases, newest first, a page at a time (`limit`, then the
 * previous page's `nextCursor`), so a long history never loads at once.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PurchasesResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';

/** Invalidate this after a purchase: history, dashboard lists. */
export const purchasesQueryKey = ['purchases'] as const;

export function getRecentPurchases(userId: string, limit: number, cursor: string | undefined, signal?: AbortSignal): Promise<PurchasesResponse> {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return api<PurchasesResponse>(`/api/getrecentpurchases/${encodeURIComponent(userId)}?${query.toString()}`, { signal });
}

export function getRecentPurchasesQueryOptions(userId: string, limit: number) {
  return infiniteQueryOptions({
    queryKey: [...purchasesQueryKey, 'recent', userId, limit],
    queryFn: ({ signal, pageParam }) => getRecentPurchases(userId, limit, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 30_000,
  });
}

/** `data` is every purchase loaded so far; `fetchNextPage` loads the next `limit`. */
export function useRecentPurchases(userId: string, limit: number) {
  const query = useInfiniteQuery(getRecentPurchasesQueryOptions(userId, limit));
  return { ...query, data: query.data?.pages.flatMap((page) => page.purchases) };
}
