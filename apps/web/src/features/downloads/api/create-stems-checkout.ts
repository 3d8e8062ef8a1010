/** POST /create-checkout-session-stems: the payment provider's checkout for one beat's stems; the browser then goes to session.url. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface StemsCheckoutInput {
  beatId: string;
  beatName: string;
  /** The price the buyer saw; the server refuses (409) one that is not its own (docs/product/offers-and-prices.md#server-decides-prices). */
  price: number;
  email: string;
  userId: string;
}

export interface CheckoutAnswer {
  session: { url: string };
}

export function createStemsCheckout(input: StemsCheckoutInput): Promise<CheckoutAnswer> {
  return api<CheckoutAnswer>('/create-checkout-session-stems', {
    method: 'POST',
    body: {
      beatDetails: [{ price: input.price, beatName: input.beatName, beatId: input.beatId }],
      email: input.email,
      sessionType: 'stems',
      userId: input.userId,
    },
  });
}

export function useCreateStemsCheckout() {
  return useMutation({ mutationFn: createStemsCheckout });
}
