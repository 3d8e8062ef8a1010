/**
 * Downloads one file of a beat: asks POST /api/download for a signed link, then hands the link to the browser,
 * which saves the file itself: streamed to disk with its own progress, resumable, never held in the page's
 * memory. The link alone is the credential, so no login header is needed to fetch it
 * (docs/decisions/0017-download-links-as-credentials.md).
 */
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import type { FileType } from '@beat/shared';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { createDownloadLink } from '../api/create-download-link';

export interface DownloadInput {
  beatId: string;
  fileType: FileType;
}

const keyOf = (beatId: string, fileType: FileType) => `${beatId}:${fileType}`;

/** A plain `<a href download>` click: the browser's own download, with no referrer leaving the page. */
function saveFromLink(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener noreferrer';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

export function useDownload() {
  const { user } = useAuth();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());

  const download = useCallback(
    async ({ beatId, fileType }: DownloadInput): Promise<boolean> => {
      if (!user) return false;
      const key = keyOf(beatId, fileType);
      setPending((prev) => new Set(prev).add(key));
      try {
        const link = await createDownloadLink({ beatId, userId: user._id, fileType });
        saveFromLink(link.url, link.fileName);
        return true;
      } catch (error) {
        console.warn('download failed', error);
        toast.error(errorMessage(error));
        return false;
      } finally {
        setPending((prev) => {
          const next = new Set(prev);
          next.delete(key);
          return next;
        });
      }
    },
    [user],
  );

  const isDownloading = useCallback((beatId: string, fileType: FileType) => pending.has(keyOf(beatId, fileType)), [pending]);

  return { download, isDownloading };
}
