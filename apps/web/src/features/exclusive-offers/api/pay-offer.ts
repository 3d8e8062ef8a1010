/** POST /api/exclusive-offers/{offerId}/checkout: a checkout at the accepted amount; the browser goes to it. */
import { useMutation } from '@tanstack/react-query';
import type { CheckoutSessionResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';

export async function payOffer(offerId: string): Promise<CheckoutSessionResponse> {
  return api<CheckoutSessionResponse>(`/api/exclusive-offers/${offerId}/checkout`, { method: 'POST', body: {} });
}

export function usePayOffer() {
  return useMutation({
    mutationFn: payOffer,
    onSuccess: (answer) => window.location.assign(answer.session.url),
  });
}
