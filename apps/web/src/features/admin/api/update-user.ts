/** PATCH /api/admin/users/{id}: credits and the stems grant. */
import type { UpdateUserBody, User } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { meQueryKey } from '../../auth';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export function updateUser({ userId, ...body }: UpdateUserBody & { userId: string }): Promise<User> {
  return api<{ user: User }>(`/api/admin/users/${userId}`, { method: 'PATCH', body }).then((r) => r.user);
}

export function useUpdateUser() {
  // The admin may have edited their own account.
  return useAdminMutation(updateUser, { stale: [adminKeys.all, meQueryKey] });
}
