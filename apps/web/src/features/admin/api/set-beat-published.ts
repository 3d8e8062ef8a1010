/** POST /api/admin/beats/{id}/publish and /unpublish: shows a beat in the store, or takes it out. */
import type { AdminBeat } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { beatsQueryKey } from '../../catalog';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export function setBeatPublished({ beatId, published }: { beatId: string; published: boolean }): Promise<AdminBeat> {
  return api<{ beat: AdminBeat }>(`/api/admin/beats/${beatId}/${published ? 'publish' : 'unpublish'}`, { method: 'POST' }).then(
    (r) => r.beat,
  );
}

export function useSetBeatPublished() {
  return useAdminMutation(setBeatPublished, { stale: [adminKeys.all, beatsQueryKey] });
}
