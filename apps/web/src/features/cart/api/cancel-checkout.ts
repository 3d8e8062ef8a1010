/**
 * POST /api/checkout/cancel: the buyer came back from the hosted checkout without paying (its cancel address is
 * /cart?cancelled_checkout=<id>): the checkout ends and its exclusives are free for everyone at once
 * (docs/product/offers-and-prices.md#reservations).
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CancelCheckoutResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { cartsQueryKey } from './get-cart';

export const CANCELLED_CHECKOUT_PARAM = 'cancelled_checkout';

export function cancelCheckout(checkout: string): Promise<CancelCheckoutResponse> {
  return api<CancelCheckoutResponse>('/api/checkout/cancel', { method: 'POST', body: { checkout } });
}

/** Ends the checkout the cart page's address names, once the signed-in buyer is known, then drops it from the address. */
export function useEndLeftCheckout(): void {
  const [params, setParams] = useSearchParams();
  const checkout = params.get(CANCELLED_CHECKOUT_PARAM);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?._id;
  useEffect(() => {
    if (!checkout || !userId) return;
    let current = true;
    cancelCheckout(checkout)
      .catch(() => undefined)
      .finally(() => {
        if (!current) return;
        void queryClient.invalidateQueries({ queryKey: cartsQueryKey });
        setParams(
          (next) => {
            next.delete(CANCELLED_CHECKOUT_PARAM);
            return next;
          },
          { replace: true },
        );
      });
    return () => {
      current = false;
    };
  }, [checkout, userId, queryClient, setParams]);
}
