/** POST /api/admin/users/invite: an invitedUser with a temporary password sent by e-mail. */
import type { InviteUserBody, User } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './admin-queries';

export function inviteUser(body: InviteUserBody): Promise<User> {
  return api<{ user: User }>('/api/admin/users/invite', { method: 'POST', body }).then((r) => r.user);
}

export function useInviteUser() {
  return useAdminMutation(inviteUser, { stale: [adminKeys.all] });
}
