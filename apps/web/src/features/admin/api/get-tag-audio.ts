/**
 * GET /api/admin/store-settings/tag: the tag's sound, admins only. An <audio> element cannot send the bearer
 * token, so the bytes come through the api client and play from an object URL the player makes and revokes.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export async function getTagAudio(url: string, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await apiFile(url, { signal });
  return blob;
}

/** `version` changes with every new tag or placement, so a replaced tag is never heard from the cache. */
export function tagAudioQueryOptions(url: string, version: number) {
  return queryOptions({
    queryKey: [...adminKeys.storeSettings, 'tag-audio', url, version],
    queryFn: ({ signal }) => getTagAudio(url, signal),
    staleTime: Infinity,
  });
}
