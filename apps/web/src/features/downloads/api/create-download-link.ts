/** POST /api/download: a signed link to one file of one beat, valid for a few minutes and only for this account. */
import type { DownloadBody, DownloadLink } from '@beat/shared';
import { api } from '../../../lib/api-client';

export function createDownloadLink(body: DownloadBody): Promise<DownloadLink> {
  return api<DownloadLink>('/api/download', { method: 'POST', body });
}
