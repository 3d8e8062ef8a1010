/** POST /api/changenewpassword: sets a new password with the reset token from /verifyotp. */
import { useMutation } from '@tanstack/react-query';
import type { ChangeNewPasswordBody } from '@beat/shared';
import { api } from '../../../lib/api-client';

export function changeNewPassword(body: ChangeNewPasswordBody): Promise<{ message: string }> {
  return api<{ message: string }>('/api/changenewpassword', { method: 'POST', body });
}

export function useChangeNewPassword() {
  return useMutation({ mutationFn: changeNewPassword });
}
