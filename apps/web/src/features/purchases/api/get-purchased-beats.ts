/**
 * The three purchased lists of the dashboard (docs/product/calls.md): POST /api/getpurchasedbeats, /api/getpurchasedExclusivebeats
 * and /api/getpurchasedstems, each by e-mail. They load in parallel and each fails on its own (one failing
 * does not blank the others: docs/product/screens-and-words.md#account-pages). Each loads a page at a time
 * (`limit`, then the previous page's `nextCursor`).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PurchasedBeatsResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { purchasesQueryKey } from './get-recent-purchases';

export type PurchasedList = 'beats' | 'exclusives' | 'stems';

/** Beats per page of a purchased list. */
export const PURCHASED_PAGE = 24;

const paths: Record<PurchasedList, string> = {
  beats: '/api/getpurchasedbeats',
  exclusives: '/api/getpurchasedExclusivebeats',
  stems: '/api/getpurchasedstems',
};

export function getPurchasedBeats(list: PurchasedList, email: string, cursor: string | undefined, signal?: AbortSignal): Promise<PurchasedBeatsResponse> {
  return api<PurchasedBeatsResponse>(paths[list], { method: 'POST', body: { email, limit: PURCHASED_PAGE, ...(cursor ? { cursor } : {}) }, signal });
}

export function getPurchasedBeatsQueryOptions(list: PurchasedList, email: string) {
  return infiniteQueryOptions({
    queryKey: [...purchasesQueryKey, list, email],
    queryFn: ({ signal, pageParam }) =>
      getPurchasedBeats(list, email, pageParam, signal).catch((error: unknown) => {
        // Spec §8: purchase-load failures are only logged; the section shows its own error state.
        console.warn(`loading purchased ${list} failed`, error);
        throw error;
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 30_000,
  });
}

/** `data` is every beat loaded so far; `fetchNextPage` loads the next page. */
export function usePurchasedBeats(list: PurchasedList, email: string) {
  const query = useInfiniteQuery(getPurchasedBeatsQueryOptions(list, email));
  return { ...query, data: query.data?.pages.flatMap((page) => page.beats) };
}
