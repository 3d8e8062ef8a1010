/** DELETE /api/admin/store-settings/tag: back to the store's built-in generated tag; every preview is rendered again. */
import type { StoreSettings } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { keepSettingsRefreshBeats, useAdminMutation } from './admin-queries';

export function restoreBuiltInTag(): Promise<StoreSettings> {
  return api<StoreSettings>('/api/admin/store-settings/tag', { method: 'DELETE' });
}

export function useRestoreBuiltInTag() {
  return useAdminMutation(restoreBuiltInTag, keepSettingsRefreshBeats);
}
