/** GET /api/admin/store-settings: the tag in use, where it goes, and how far the re-rendering of the previews has come. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreSettings } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { previewsPending } from '../lib/audio-info';
import { adminKeys } from './admin-keys';

/** How often the page asks again while previews are still being rendered. */
const PROGRESS_POLL_MS = 2000;

export function getStoreSettings(signal?: AbortSignal): Promise<StoreSettings> {
  return api<StoreSettings>('/api/admin/store-settings', { signal });
}

export function storeSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.storeSettings,
    queryFn: ({ signal }) => getStoreSettings(signal),
    refetchInterval: (query) => (query.state.data && previewsPending(query.state.data.progress) ? PROGRESS_POLL_MS : false),
  });
}

export function useStoreSettings() {
  return useQuery(storeSettingsQueryOptions());
}
