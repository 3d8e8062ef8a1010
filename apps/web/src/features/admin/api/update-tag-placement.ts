/** PUT /api/admin/store-settings/placement: where the tag goes in each preview and how loud; every preview is rendered again. */
import type { StoreSettings, TagPlacement } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { keepSettingsRefreshBeats, useAdminMutation } from './admin-queries';

export function updateTagPlacement(placement: TagPlacement): Promise<StoreSettings> {
  return api<StoreSettings>('/api/admin/store-settings/placement', { method: 'PUT', body: placement });
}

export function useUpdateTagPlacement() {
  return useAdminMutation(updateTagPlacement, keepSettingsRefreshBeats);
}
