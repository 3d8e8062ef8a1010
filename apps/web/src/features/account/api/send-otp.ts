/** POST /sendotp: e-mails a recovery code (the server answers alike for every e-mail). */
import { useMutation } from '@tanstack/react-query';
import type { SendOtpBody, SendOtpResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';

export function sendOtp(body: SendOtpBody): Promise<SendOtpResponse> {
  return api<SendOtpResponse>('/sendotp', { method: 'POST', body });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
