/**
 * Admin → Offers: GET /api/admin/exclusive-offers?state=, POST /api/admin/exclusive-offers/{offerId}/answer (accept,
 * decline or counter) and PUT /api/admin/exclusive-offers/beats/{beatId}/minimum (an exclusive's minimum offer).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAnswerBody, BeatOfferTerms, ExclusiveOffer, ExclusiveOfferState } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { offerKeys } from './offer-keys';

export async function getAdminOffers(state: ExclusiveOfferState | '', signal?: AbortSignal): Promise<ExclusiveOffer[]> {
  const query = state ? `?state=${state}` : '';
  return (await api<{ offers: ExclusiveOffer[] }>(`/api/admin/exclusive-offers${query}`, { signal })).offers;
}

export function useAdminOffers(state: ExclusiveOfferState | '') {
  return useQuery(queryOptions({ queryKey: offerKeys.admin(state), queryFn: ({ signal }) => getAdminOffers(state, signal) }));
}

export async function answerAsProducer({ offerId, body }: { offerId: string; body: AdminAnswerBody }): Promise<ExclusiveOffer> {
  return (await api<{ offer: ExclusiveOffer }>(`/api/admin/exclusive-offers/${offerId}/answer`, { method: 'POST', body })).offer;
}

export function useAnswerAsProducer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerAsProducer, onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }) });
}

export async function setMinimumOffer({ beatId, minimumOffer }: { beatId: string; minimumOffer: number | null }): Promise<BeatOfferTerms> {
  return api<BeatOfferTerms>(`/api/admin/exclusive-offers/beats/${beatId}/minimum`, { method: 'PUT', body: { minimumOffer } });
}

export function useSetMinimumOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setMinimumOffer, onSuccess: (terms) => queryClient.setQueryData(offerKeys.terms(terms.beatId), terms) });
}
