/**
 * GET /api/checkCreditDownload/{userId}/{beatId}: what the user may download of a beat. The 404 (docs/product/entitlements.md#download-check)
 * ("not among the user's downloads") is a response, not a failure: it becomes all-false and is only logged.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckDownloadResponse } from '@beat/shared';
import { downloadMessages } from '@beat/shared/messages';
import { ApiError, api } from '../../../lib/api-client';
import { useAuth } from '../../auth';

/** Everything this feature caches: invalidate it after an unlock or a purchase. */
export const downloadsQueryKey = ['downloads'] as const;

export const noDownloads: CheckDownloadResponse = {
  isAllowDownload: false,
  isAllowStems: false,
  rights: { mp3: false, wav: false, stems: false },
};

export async function checkDownload(userId: string, beatId: string, signal?: AbortSignal): Promise<CheckDownloadResponse> {
  try {
    return await api<CheckDownloadResponse>(`/api/checkCreditDownload/${userId}/${beatId}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      console.info(downloadMessages.beatNotInDownloads);
      return noDownloads;
    }
    throw error;
  }
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
