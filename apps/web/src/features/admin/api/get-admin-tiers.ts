/** GET /api/admin/tiers: the store's licence tiers in order, for Admin → Licenses (docs/product/licenses.md#tiers). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTiersResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function getAdminTiers(signal?: AbortSignal): Promise<AdminTiersResponse> {
  return api<AdminTiersResponse>('/api/admin/tiers', { signal });
}

export function useAdminTiers() {
  return useQuery(queryOptions({ queryKey: adminKeys.tiers, queryFn: ({ signal }) => getAdminTiers(signal) }));
}
