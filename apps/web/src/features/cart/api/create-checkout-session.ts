/**
 * The four checkout calls (docs/product/offers-and-prices.md#checkout) (/create-checkout-session, -stems, -exclusive, -plan). Each responds with
 * session.url and the browser goes there. Prices sent are the ones the buyer saw; the server charges its
 * own and responds with 409 if they differ. A cart checkout may carry a coupon code (docs/product/deals.md), which the server
 * prices with the same rule as the quote the buyer saw.
 */
import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CheckoutSessionResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';

export interface CheckoutBeat {
  _id: string;
  beatTitle: string;
  price: number | null;
}

export type CheckoutRequest =
  | { kind: 'beatPurchase'; beats: CheckoutBeat[]; coupon?: string }
  | { kind: 'stems'; beats: CheckoutBeat[]; coupon?: string }
  | { kind: 'exclusive'; beat: CheckoutBeat }
  | { kind: 'vipPlan'; price: number };

export interface Buyer {
  _id: string;
  email: string;
}

const lines = (beats: CheckoutBeat[]) =>
  beats.map((b) => ({ beatId: b._id, beatName: b.beatTitle, ...(b.price === null ? {} : { price: b.price }) }));

export function createCheckoutSession(buyer: Buyer, request: CheckoutRequest): Promise<CheckoutSessionResponse> {
  const who = { email: buyer.email, userId: buyer._id };
  const coupon = (request.kind === 'beatPurchase' || request.kind === 'stems') && request.coupon ? { coupon: request.coupon } : {};
  switch (request.kind) {
    case 'beatPurchase':
      return api('/create-checkout-session', { method: 'POST', body: { beatDetails: lines(request.beats), sessionType: 'beatPurchase', ...who, ...coupon } });
    case 'stems':
      return api('/create-checkout-session-stems', { method: 'POST', body: { beatDetails: lines(request.beats), sessionType: 'stems', ...who, ...coupon } });
    case 'exclusive': {
      const { beat } = request;
      return api('/create-checkout-session-exclusive', {
        method: 'POST',
        body: { beatId: beat._id, beatName: beat.beatTitle, ...(beat.price === null ? {} : { price: beat.price }), sessionType: 'exclusive', ...who },
      });
    }
    case 'vipPlan':
      return api('/create-checkout-session-plan', { method: 'POST', body: { price: request.price, sessionType: 'vipPlan', ...who } });
  }
}

/**
 * Opens the checkout and sends the browser to it. Callers show busy while `isPending || isSuccess` (the page
 * is leaving); coming Back from the checkout restores this page from the back/forward cache, so it resets.
 */
export function useStartCheckout(buyer: Buyer | null) {
  const mutation = useMutation({
    mutationFn: async (request: CheckoutRequest) => {
      if (!buyer) throw new Error('Please log in to continue.');
      const answer = await createCheckoutSession(buyer, request);
      window.location.assign(answer.session.url);
      return answer;
    },
  });
  const { reset } = mutation;
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);
  return mutation;
}
