/** DELETE /api/admin/beats/{id}: out of the store and the admin lists for good; owners keep their downloads. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { beatsQueryKey } from '../../catalog';
import { adminKeys } from './admin-keys';

export function deleteBeat(beatId: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/admin/beats/${beatId}`, { method: 'DELETE' });
}

export function useDeleteBeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBeat,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: beatsQueryKey });
    },
  });
}
