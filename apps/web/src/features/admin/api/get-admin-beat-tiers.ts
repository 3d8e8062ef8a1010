/** GET /api/admin/beats/{beatId}/tiers: each tier for one beat, its price, its switch and why it is not offered. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBeatTiersResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function getAdminBeatTiers(beatId: string, signal?: AbortSignal): Promise<AdminBeatTiersResponse> {
  return api<AdminBeatTiersResponse>(`/api/admin/beats/${beatId}/tiers`, { signal });
}

export function useAdminBeatTiers(beatId: string) {
  return useQuery(queryOptions({ queryKey: adminKeys.beatTiers(beatId), queryFn: ({ signal }) => getAdminBeatTiers(beatId, signal) }));
}
