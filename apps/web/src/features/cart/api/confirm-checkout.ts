/** POST /api/checkout/confirm: the success page settles its session (a lost webhook loses nothing). */
import { useQuery } from '@tanstack/react-query';
import type { ConfirmCheckoutResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';

export function confirmCheckout(sessionId: string, signal?: AbortSignal): Promise<ConfirmCheckoutResponse> {
  return api<ConfirmCheckoutResponse>('/api/checkout/confirm', { method: 'POST', body: { sessionId }, signal });
}

export function useConfirmCheckout(sessionId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['checkout-confirm', sessionId],
    queryFn: ({ signal }) => confirmCheckout(sessionId ?? '', signal),
    enabled: enabled && Boolean(sessionId),
    retry: 1,
    staleTime: Infinity,
    gcTime: 0,
  });
}
