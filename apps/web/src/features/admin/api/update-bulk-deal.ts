/** PUT /api/admin/deals/bulk: the bulk deal's new settings, in force for the next quote and checkout. */
import type { BulkDealSettings } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export function updateBulkDeal(settings: BulkDealSettings): Promise<BulkDealSettings> {
  return api<BulkDealSettings>('/api/admin/deals/bulk', { method: 'PUT', body: settings });
}

export function useUpdateBulkDeal() {
  return useAdminMutation(updateBulkDeal, { keep: (queryClient, saved) => queryClient.setQueryData(adminKeys.bulkDeal, saved) });
}
