/** PUT /api/admin/deals/bulk: the bulk deal's new settings, in force for the next quote and checkout. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkDealSettings } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function updateBulkDeal(settings: BulkDealSettings): Promise<BulkDealSettings> {
  return api<BulkDealSettings>('/api/admin/deals/bulk', { method: 'PUT', body: settings });
}

export function useUpdateBulkDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBulkDeal,
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.bulkDeal, saved),
  });
}
