/** GET /api/licenses/terms/{offer}: the terms in force for one offer, for anyone to read before buying (docs/product/licenses.md#terms). */
import { useQuery } from '@tanstack/react-query';
import type { LicenceOffer, LicenceTerms, LicenceTermsResponse } from '@beat/shared';
import { ApiError, api } from '../../../lib/api-client';

export const licenceTermsKeys = {
  all: ['licence-terms'] as const,
  offer: (offer: LicenceOffer) => ['licence-terms', offer] as const,
};

export async function getLicenceTerms(offer: LicenceOffer, signal?: AbortSignal): Promise<LicenceTerms> {
  return (await api<LicenceTermsResponse>(`/api/licenses/terms/${offer}`, { signal })).terms;
}

export function useLicenceTerms(offer: LicenceOffer) {
  return useQuery({
    queryKey: licenceTermsKeys.offer(offer),
    queryFn: ({ signal }) => getLicenceTerms(offer, signal),
    // The server keeps them a minute too.
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}
