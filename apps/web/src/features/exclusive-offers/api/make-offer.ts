/** POST /api/exclusive-offers: a buyer's offer on an exclusive. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExclusiveOffer, MakeOfferBody } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { offerKeys } from './offer-keys';

export async function makeOffer(body: MakeOfferBody): Promise<ExclusiveOffer> {
  return (await api<{ offer: ExclusiveOffer }>('/api/exclusive-offers', { method: 'POST', body })).offer;
}

export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: makeOffer, onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }) });
}
