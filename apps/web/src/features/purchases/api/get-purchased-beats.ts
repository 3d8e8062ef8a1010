/**
 * The three purchased lists of the dashboard (docs/product/calls.md): POST /api/getpurchasedbeats, /api/getpurchasedExclusivebeats
 * and /api/getpurchasedstems, each by e-mail. They load in parallel and each fails on its own (one failing
 * does not blank the others: docs/product/screens-and-words.md#account-pages).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchasedBeat, PurchasedBeatsResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { purchasesQueryKey } from './get-recent-purchases';

export type PurchasedList = 'beats' | 'exclusives' | 'stems';

const paths: Record<PurchasedList, string> = {
  beats: '/api/getpurchasedbeats',
  exclusives: '/api/getpurchasedExclusivebeats',
  stems: '/api/getpurchasedstems',
};

export function getPurchasedBeats(list: PurchasedList, email: string, signal?: AbortSignal): Promise<PurchasedBeat[]> {
  return api<PurchasedBeatsResponse>(paths[list], { method: 'POST', body: { email }, signal }).then((r) => r.beats);
}

export function getPurchasedBeatsQueryOptions(list: PurchasedList, email: string) {
  return queryOptions({
    queryKey: [...purchasesQueryKey, list, email],
    queryFn: ({ signal }) =>
      getPurchasedBeats(list, email, signal).catch((error: unknown) => {
        // Spec §8: purchase-load failures are only logged; the section shows its own error state.
        console.warn(`loading purchased ${list} failed`, error);
        throw error;
      }),
    staleTime: 30_000,
  });
}

export function usePurchasedBeats(list: PurchasedList, email: string) {
  return useQuery(getPurchasedBeatsQueryOptions(list, email));
}
