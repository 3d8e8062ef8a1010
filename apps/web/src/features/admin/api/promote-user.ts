/** POST /api/admin/users/{id}/promote: makes the user a VIP member. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { meQueryKey } from '../../auth';
import { adminKeys } from './admin-keys';

export function promoteUser(userId: string): Promise<User> {
  return api<{ user: User }>(`/api/admin/users/${userId}/promote`, { method: 'POST' }).then((r) => r.user);
}

export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
