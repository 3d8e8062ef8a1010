/** DELETE /api/admin/users/{id}: the account goes; its purchases stay in the books. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function deleteUser(userId: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/admin/users/${userId}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
