/** POST /api/changePassword: the signed-in user changes their password, given the current one. */
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, ChangePasswordResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../auth';

export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  return api<ChangePasswordResponse>('/api/changePassword', { method: 'POST', body });
}

export function useChangePassword() {
  const { sessionRenewed } = useAuth();
  return useMutation({
    mutationFn: changePassword,
    // Every old session ended with the change; the server set this browser's new session cookie with the response.
    onSuccess: (answer) => {
      if (answer.token) sessionRenewed(answer.user);
    },
  });
}
