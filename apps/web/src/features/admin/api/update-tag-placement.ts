/** PUT /api/admin/store-settings/placement: where the tag goes in each preview and how loud; every preview is rendered again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreSettings, TagPlacement } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function updateTagPlacement(placement: TagPlacement): Promise<StoreSettings> {
  return api<StoreSettings>('/api/admin/store-settings/placement', { method: 'PUT', body: placement });
}

export function useUpdateTagPlacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTagPlacement,
    onSuccess: (settings) => {
      queryClient.setQueryData(adminKeys.storeSettings, settings);
      // The beats list shows each beat rendering again.
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
