/** POST /api/reduce-credits: spends one credit to unlock a beat's MP3 and WAV for good; then Credits and rights refresh everywhere. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReduceCreditsBody, ReduceCreditsResponse } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { meQueryKey } from '../../auth';
import { downloadsQueryKey } from './check-download';

export function reduceCredits(body: ReduceCreditsBody): Promise<ReduceCreditsResponse> {
  return api<ReduceCreditsResponse>('/api/reduce-credits', { method: 'POST', body });
}

export function useReduceCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reduceCredits,
    // Not awaited: the response (and its toast) need not wait for the refetches.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: downloadsQueryKey });
    },
  });
}
