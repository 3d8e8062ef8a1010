/** PUT /api/admin/store-settings/tag (multipart, one MP3 or WAV of at most 30 s): the store's new tag; every preview is rendered again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tagFileField, type StoreSettings } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function uploadTag(file: File): Promise<StoreSettings> {
  const form = new FormData();
  form.append(tagFileField, file, file.name);
  return api<StoreSettings>('/api/admin/store-settings/tag', { method: 'PUT', body: form });
}

export function useUploadTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTag,
    onSuccess: (settings) => {
      queryClient.setQueryData(adminKeys.storeSettings, settings);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
