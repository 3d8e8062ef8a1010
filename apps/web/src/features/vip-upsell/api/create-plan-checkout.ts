/** POST /create-checkout-session-plan: opens the payment provider's checkout for the VIP plan; the browser then goes to session.url. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface PlanCheckoutInput {
  /** The price the buyer saw; the server refuses (409) a price that is not its own (docs/product/offers-and-prices.md#server-decides-prices). */
  price: number;
  email: string;
  userId: string;
}

export interface CheckoutAnswer {
  session: { url: string };
}

export function createPlanCheckout(input: PlanCheckoutInput): Promise<CheckoutAnswer> {
  return api<CheckoutAnswer>('/create-checkout-session-plan', {
    method: 'POST',
    body: { price: input.price, email: input.email, sessionType: 'vipPlan', userId: input.userId },
  });
}

export function useCreatePlanCheckout() {
  return useMutation({ mutationFn: createPlanCheckout });
}
