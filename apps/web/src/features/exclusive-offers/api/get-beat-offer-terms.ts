/** GET /api/exclusive-offers/beats/{beatId}: whether an exclusive takes offers, and its minimum (docs/product/exclusive-offers.md). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BeatOfferTerms } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { offerKeys } from './offer-keys';

export function getBeatOfferTerms(beatId: string, signal?: AbortSignal): Promise<BeatOfferTerms> {
  return api<BeatOfferTerms>(`/api/exclusive-offers/beats/${beatId}`, { signal });
}

export function useBeatOfferTerms(beatId: string) {
  return useQuery(queryOptions({ queryKey: offerKeys.terms(beatId), queryFn: ({ signal }) => getBeatOfferTerms(beatId, signal) }));
}
