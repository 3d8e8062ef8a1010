/** GET /api/admin/deals/bulk: the store's "Buy N get M free" on MP3 leases, on or off (docs/product/deals.md). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BulkDealSettings } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function getBulkDeal(signal?: AbortSignal): Promise<BulkDealSettings> {
  return api<BulkDealSettings>('/api/admin/deals/bulk', { signal });
}

export function useBulkDeal() {
  return useQuery(queryOptions({ queryKey: adminKeys.bulkDeal, queryFn: ({ signal }) => getBulkDeal(signal) }));
}
