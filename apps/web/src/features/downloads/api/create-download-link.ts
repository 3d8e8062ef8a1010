/**
 * POST /api/download: a signed link to one file of one beat for this account and session, valid for 5 minutes.
 * The link itself is the credential (docs/decisions/0017-download-links-as-credentials.md).
 */
import type { DownloadBody, DownloadLink } from '@beat/shared';
import { api } from '../../../lib/api-client';

export function createDownloadLink(body: DownloadBody): Promise<DownloadLink> {
  return api<DownloadLink>('/api/download', { method: 'POST', body });
}
