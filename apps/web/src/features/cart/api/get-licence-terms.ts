/**
 * GET /api/licenses/terms: each offer's terms in force (docs/product/licenses.md#terms), which the beat page, the cart,
 * the download modal and the VIP plan show before payment. Asked once per page load and shared by every screen.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LicenceTerms, LicenceTermsListResponse, TermsKey, TierTerms } from '@beat/shared';
import { api } from '../../../lib/api-client';

/** The fixed offers' terms and, after them, the other licence tiers' (`tierTerms`), each keyed by `offer`. */
export function getLicenceTermsList(signal?: AbortSignal): Promise<(LicenceTerms | TierTerms)[]> {
  return api<LicenceTermsListResponse>('/api/licenses/terms', { signal }).then((r) => [...r.terms, ...r.tierTerms]);
}

export function getLicenceTermsListQueryOptions() {
  return queryOptions({
    // Beside the public page's ['licence-terms', offer] (features/purchases): the same terms, asked for one by one.
    queryKey: ['licence-terms', 'list'],
    queryFn: ({ signal }) => getLicenceTermsList(signal),
    // Once per page load: an admin's edit reaches the next page load (the server caches them a minute anyway).
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** One offer's or tier's terms in force: `data` is undefined while they load, or when the store has none for it. */
export function useTermsInForce(offer: TermsKey) {
  const query = useQuery(getLicenceTermsListQueryOptions());
  return { ...query, data: query.data?.find((terms) => terms.offer === offer) };
}
