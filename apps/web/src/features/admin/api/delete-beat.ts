/** DELETE /api/admin/beats/{id}: out of the store and the admin lists for good; owners keep their downloads. */
import { api } from '../../../lib/api-client';
import { beatsQueryKey } from '../../catalog';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export function deleteBeat(beatId: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/admin/beats/${beatId}`, { method: 'DELETE' });
}

export function useDeleteBeat() {
  return useAdminMutation(deleteBeat, { stale: [adminKeys.all, beatsQueryKey] });
}
