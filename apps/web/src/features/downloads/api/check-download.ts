/**
 * GET /api/entitlements/{userId}/{beatId}: what the user may download of a beat (docs/product/entitlements.md#download-check).
 * The web app asks this spelling of the download check, which responds to a beat the user does not hold as all-false:
 * every beat page a free user opens would otherwise be a failed request (GET /api/checkCreditDownload's 404).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckDownloadResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../auth';

/** Everything this feature caches: invalidate it after an unlock or a purchase. */
export const downloadsQueryKey = ['downloads'] as const;

export const noDownloads: CheckDownloadResponse = {
  isAllowDownload: false,
  isAllowStems: false,
  rights: { mp3: false, wav: false, stems: false },
};

export function checkDownload(userId: string, beatId: string, signal?: AbortSignal): Promise<CheckDownloadResponse> {
  return api<CheckDownloadResponse>(`/api/entitlements/${userId}/${beatId}`, { signal });
}

export function downloadRightsQueryOptions(userId: string, beatId: string) {
  return queryOptions({
    queryKey: [...downloadsQueryKey, 'rights', userId, beatId],
    queryFn: ({ signal }) => checkDownload(userId, beatId, signal),
    staleTime: 30_000,
  });
}

export function useDownloadRights(beatId: string) {
  const { user, canUseAccount } = useAuth();
  return useQuery({ ...downloadRightsQueryOptions(user?._id ?? '', beatId), enabled: Boolean(user) && canUseAccount });
}
