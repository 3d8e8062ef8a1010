/** DELETE /api/admin/store-settings/tag: back to the store's built-in generated tag; every preview is rendered again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreSettings } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function restoreBuiltInTag(): Promise<StoreSettings> {
  return api<StoreSettings>('/api/admin/store-settings/tag', { method: 'DELETE' });
}

export function useRestoreBuiltInTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBuiltInTag,
    onSuccess: (settings) => {
      queryClient.setQueryData(adminKeys.storeSettings, settings);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
