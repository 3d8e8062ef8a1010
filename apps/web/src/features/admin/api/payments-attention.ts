/**
 * GET /api/admin/payments/attention and POST /api/admin/payments/{checkoutId}/retry: what reconciliation has not
 * settled by itself, and the admin's retry (docs/product/offers-and-prices.md#payments-needing-attention).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentsAttentionResponse, checkoutStates } from '@beat/shared';

type CheckoutState = (typeof checkoutStates)[number];
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

const attentionKey = [...adminKeys.all, 'payments-attention'] as const;

export function usePaymentsAttention() {
  return useQuery({
    queryKey: attentionKey,
    queryFn: ({ signal }) => api<PaymentsAttentionResponse>('/api/admin/payments/attention', { signal }),
    refetchInterval: 60_000,
  });
}

export function useRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkoutId: string) => api<{ state: CheckoutState }>(`/api/admin/payments/${checkoutId}/retry`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attentionKey }),
  });
}
