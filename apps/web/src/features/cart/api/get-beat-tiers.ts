/**
 * GET /api/beats/{beatId}/tiers: the licence tiers a beat offers now, in tier order, each with its price, files and
 * numbers (docs/product/licenses.md#tiers). Signed in, each also says whether the buyer holds it and what an upgrade to
 * it costs, so the key names the caller; a cart change or a payment refreshes it under `beatTiersQueryKey`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BeatTier, BeatTiersResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../auth';

export type { BeatTier };

export const beatTiersQueryKey = ['beat-tiers'] as const;

export function getBeatTiers(beatId: string, signal?: AbortSignal): Promise<BeatTier[]> {
  return api<BeatTiersResponse>(`/api/beats/${encodeURIComponent(beatId)}/tiers`, { signal }).then((r) => r.tiers);
}

export function beatTiersQueryOptions(beatId: string, userId: string | undefined) {
  return queryOptions({
    queryKey: [...beatTiersQueryKey, beatId, userId ?? null],
    queryFn: ({ signal }) => getBeatTiers(beatId, signal),
    staleTime: 30_000,
  });
}

/** The beat's tiers as this viewer sees them; waits for the viewer to be known so a visitor's answer is never shown to a buyer. */
export function useBeatTiers(beatId: string) {
  const { user, isLoading, canUseAccount } = useAuth();
  return useQuery({ ...beatTiersQueryOptions(beatId, canUseAccount ? user?._id : undefined), enabled: !isLoading });
}
