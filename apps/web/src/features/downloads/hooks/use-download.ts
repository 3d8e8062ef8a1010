/**
 * Downloads one file of a beat: asks POST /api/download for a signed link, fetches it with this account's
 * bearer token (links are bound to the account), and hands the bytes to the browser as a download named
 * by the server after the beat's title.
 */
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import type { FileType } from '@beat/shared';
import { apiFile, errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { useAuth } from '../../auth';
import { createDownloadLink } from '../api/create-download-link';

export interface DownloadInput {
  beatId: string;
  fileType: FileType;
  /** Overrides the server's file name. */
  fileName?: string;
}

const keyOf = (beatId: string, fileType: FileType) => `${beatId}:${fileType}`;

export function useDownload() {
  const { user } = useAuth();
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());

  const download = useCallback(
    async ({ beatId, fileType, fileName }: DownloadInput): Promise<boolean> => {
      if (!user) return false;
      const key = keyOf(beatId, fileType);
      setPending((prev) => new Set(prev).add(key));
      try {
        const link = await createDownloadLink({ beatId, userId: user._id, fileType });
        const file = await apiFile(link.url);
        saveBlob(file.blob, fileName ?? file.fileName ?? link.fileName);
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
