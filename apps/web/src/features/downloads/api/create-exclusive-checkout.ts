/** POST /create-checkout-session-exclusive: the checkout for an exclusive licence at the beat's own price; then session.url. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CheckoutAnswer } from './create-stems-checkout';

export interface ExclusiveCheckoutInput {
  beatId: string;
  beatName: string;
  price: number;
  email: string;
  userId: string;
}

export function createExclusiveCheckout(input: ExclusiveCheckoutInput): Promise<CheckoutAnswer> {
  return api<CheckoutAnswer>('/create-checkout-session-exclusive', {
    method: 'POST',
    body: {
      price: input.price,
      beatId: input.beatId,
      beatName: input.beatName,
      email: input.email,
      sessionType: 'exclusive',
      userId: input.userId,
    },
  });
}

export function useCreateExclusiveCheckout() {
  return useMutation({ mutationFn: createExclusiveCheckout });
}
