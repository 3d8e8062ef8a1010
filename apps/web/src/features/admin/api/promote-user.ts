/** POST /api/admin/users/{id}/promote: makes the user a VIP member. */
import type { User } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { meQueryKey } from '../../auth';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export function promoteUser(userId: string): Promise<User> {
  return api<{ user: User }>(`/api/admin/users/${userId}/promote`, { method: 'POST' }).then((r) => r.user);
}

export function usePromoteUser() {
  return useAdminMutation(promoteUser, { stale: [adminKeys.all, meQueryKey] });
}
