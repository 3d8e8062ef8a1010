/** POST /verifyotp: trades the e-mailed code for a short-lived reset token. */
import { useMutation } from '@tanstack/react-query';
import type { VerifyOtpBody, VerifyOtpResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';

export function verifyOtp(body: VerifyOtpBody): Promise<VerifyOtpResponse> {
  return api<VerifyOtpResponse>('/verifyotp', { method: 'POST', body });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
