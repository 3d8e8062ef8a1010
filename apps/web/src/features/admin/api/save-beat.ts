/**
 * POST /api/admin/beats (add) and PUT /api/admin/beats/{id} (edit) as multipart/form-data with the files.
 * XMLHttpRequest rather than fetch: it reports upload progress, which a 1 GB stems file needs.
 */
import { beatFileFields, type AdminBeat, type BeatFileKind } from '@beat/shared';
import { ApiError } from '../../../lib/api-client';
import { beatsQueryKey } from '../../catalog';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export interface SaveBeatInput {
  /** Absent: a new beat. */
  beatId?: string;
  /** The form's fields as the server reads them (text). */
  fields: Record<string, string>;
  files: Partial<Record<BeatFileKind, File>>;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

export function saveBeat({ beatId, fields, files, onProgress, signal }: SaveBeatInput): Promise<AdminBeat> {
  const form = new FormData();
  // Fields first: the server reads the text before the (possibly large) files arrive.
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [kind, file] of Object.entries(files) as [BeatFileKind, File | undefined][]) {
    if (file) form.append(beatFileFields[kind], file, file.name);
  }

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(beatId ? 'PUT' : 'POST', beatId ? `/api/admin/beats/${beatId}` : '/api/admin/beats');
    xhr.setRequestHeader('Accept', 'application/json');
    // Same-origin: the browser sends the session cookie along.
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { beat?: AdminBeat; message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.beat) return resolve(body.beat);
      reject(new ApiError(body?.message ?? `Saving the beat failed (${xhr.status})`, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError('Cannot reach the server. Check your connection and try again.', 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Saving a beat changes the admin lists, the analytics and the store's catalog: all are refetched. */
export function useSaveBeat() {
  return useAdminMutation(saveBeat, { stale: [adminKeys.all, beatsQueryKey] });
}
