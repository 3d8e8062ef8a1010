/** PUT /api/admin/store-settings/sale-notices: the admins' "New sale" e-mails on or off (docs/product/offers-and-prices.md#new-sale-e-mails). */
import type { StoreSettings } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export function updateSaleNotices(enabled: boolean): Promise<StoreSettings> {
  return api<StoreSettings>('/api/admin/store-settings/sale-notices', { method: 'PUT', body: { enabled } });
}

export function useUpdateSaleNotices() {
  return useAdminMutation(updateSaleNotices, { keep: (queryClient, settings) => queryClient.setQueryData(adminKeys.storeSettings, settings) });
}
