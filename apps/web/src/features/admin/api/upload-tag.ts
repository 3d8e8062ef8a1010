/** PUT /api/admin/store-settings/tag (multipart, one MP3 or WAV of at most 30 s): the store's new tag; every preview is rendered again. */
import { tagFileField, type StoreSettings } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { keepSettingsRefreshBeats, useAdminMutation } from './admin-queries';

export function uploadTag(file: File): Promise<StoreSettings> {
  const form = new FormData();
  form.append(tagFileField, file, file.name);
  return api<StoreSettings>('/api/admin/store-settings/tag', { method: 'PUT', body: form });
}

export function useUploadTag() {
  return useAdminMutation(uploadTag, keepSettingsRefreshBeats);
}
