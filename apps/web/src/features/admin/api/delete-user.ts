/** DELETE /api/admin/users/{id}: the account goes; its purchases stay in the books. */
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export function deleteUser(userId: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/admin/users/${userId}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  return useAdminMutation(deleteUser, { stale: [adminKeys.all] });
}
