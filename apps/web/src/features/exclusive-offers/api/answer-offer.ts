/**
 * The buyer's steps on their own offer: POST /api/exclusive-offers/{offerId}/answer (accept or decline a counter) and
 * …/withdraw (an offer the producer has not answered).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyerAnswerBody, ExclusiveOffer } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { offerKeys } from './offer-keys';

export type BuyerStep = { offerId: string } & ({ step: 'answer'; answer: BuyerAnswerBody['answer'] } | { step: 'withdraw' });

export async function answerOffer(input: BuyerStep): Promise<ExclusiveOffer> {
  const path = `/api/exclusive-offers/${input.offerId}/${input.step}`;
  const body = input.step === 'answer' ? { answer: input.answer } : {};
  return (await api<{ offer: ExclusiveOffer }>(path, { method: 'POST', body })).offer;
}

export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerOffer, onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }) });
}
