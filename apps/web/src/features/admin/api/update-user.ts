/** PATCH /api/admin/users/{id}: credits and the stems grant. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { meQueryKey } from '../../auth';
import { adminKeys } from './admin-keys';

export function updateUser({ userId, ...body }: UpdateUserBody & { userId: string }): Promise<User> {
  return api<{ user: User }>(`/api/admin/users/${userId}`, { method: 'PATCH', body }).then((r) => r.user);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // The admin may have edited their own account.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
