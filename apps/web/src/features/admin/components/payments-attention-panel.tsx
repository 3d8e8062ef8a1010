/**
 * The dashboard's "Payments needing attention": checkouts the payment provider has not settled long after they
 * opened, and refunds it has not taken, each with its reason and a Retry button
 * (docs/product/offers-and-prices.md#payments-needing-attention).
 */
import toast from 'react-hot-toast';
import { RotateCw } from 'lucide-react';
import type { PaymentAttentionItem } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { usePaymentsAttention, useRetryPayment } from '../api/payments-attention';
import { formatUsDateTime } from '../lib/format';
import { AdminTable, type AdminColumn } from './admin-table';

export function PaymentsAttentionPanel() {
  const attention = usePaymentsAttention();
  const retry = useRetryPayment();
  const items = attention.data?.items;
  const columns: AdminColumn<PaymentAttentionItem>[] = [
    { label: 'Since', className: 'is-nowrap', cell: (item) => formatUsDateTime(item.since) },
    { label: 'Buyer', className: 'admin-table__email', cell: (item) => item.email },
    {
      label: 'Amount',
      numeric: true,
      cell: (item) => (
        <>
          {formatPrice(item.amount)}
          <span className="admin-table__secondary">{item.kind === 'refund' ? 'refund owed' : 'checkout'}</span>
        </>
      ),
    },
    { label: 'Reason', cell: (item) => item.reason },
    {
      label: 'Retry',
      hideLabel: true,
      cell: (item) => (
        <Button
          size="sm"
          variant="secondary"
          icon={<RotateCw aria-hidden="true" />}
          busy={retry.isPending && retry.variables === item.checkoutId}
          busyLabel="Retrying..."
          aria-label={`Retry ${item.kind === 'refund' ? 'the refund' : 'the checkout'} of ${item.email}`}
          onClick={() =>
            retry.mutate(item.checkoutId, {
              onSuccess: ({ state }) => toast.success(`Asked the payment provider: the checkout is ${state}.`),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          Retry
        </Button>
      ),
    },
  ];
  return (
    <AdminTable
      title="Payments needing attention"
      lead="Checkouts the payment provider has not settled ten minutes after they opened, and refunds it has not taken. The store asks again every minute; Retry asks now."
      tools={items && attention.isFetching && <Spinner size="sm" label="Loading payments needing attention" />}
      query={attention}
      errorLead="Payments needing attention could not be loaded"
      columns={columns}
      rowKey={(item) => `${item.kind}-${item.checkoutId}-${item.since}`}
      rows={items}
      loadingLabel="Loading payments needing attention"
      empty="Nothing needs attention: every payment is settled and every refund made."
    />
  );
}
