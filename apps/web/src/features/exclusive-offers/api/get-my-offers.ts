/** GET /api/exclusive-offers: the signed-in buyer's offers, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExclusiveOffer } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { offerKeys } from './offer-keys';

export async function getMyOffers(signal?: AbortSignal): Promise<ExclusiveOffer[]> {
  return (await api<{ offers: ExclusiveOffer[] }>('/api/exclusive-offers', { signal })).offers;
}

export function useMyOffers(enabled = true) {
  return useQuery(queryOptions({ queryKey: offerKeys.mine, queryFn: ({ signal }) => getMyOffers(signal), enabled }));
}
