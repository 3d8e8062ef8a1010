/** POST /api/beats/{beatId}/free-download: e-mails the address a 24-hour link to the beat's tagged MP3 (docs/product/free-downloads.md). */
import { useMutation } from '@tanstack/react-query';
import type { FreeDownloadAnswer, FreeDownloadBody } from '@beat/shared';
import { api } from '../../../lib/api-client';

export function requestFreeDownload(beatId: string, body: FreeDownloadBody): Promise<FreeDownloadAnswer> {
  return api<FreeDownloadAnswer>(`/api/beats/${encodeURIComponent(beatId)}/free-download`, { method: 'POST', body });
}

export function useRequestFreeDownload(beatId: string) {
  return useMutation({ mutationFn: (body: FreeDownloadBody) => requestFreeDownload(beatId, body) });
}
