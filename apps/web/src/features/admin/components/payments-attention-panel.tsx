/**
 * The dashboard's "Payments needing attention": checkouts the payment provider has not settled long after they
 * opened, and refunds it has not taken, each with its reason and a Retry button
 * (docs/product/offers-and-prices.md#payments-needing-attention).
 */
import { useId } from 'react';
import toast from 'react-hot-toast';
import { RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { usePaymentsAttention, useRetryPayment } from '../api/payments-attention';
import { formatUsDateTime } from '../lib/format';
import { AdminTable } from './admin-table';
import './admin-table.css';

export function PaymentsAttentionPanel() {
  const headingId = useId();
  const attention = usePaymentsAttention();
  const retry = useRetryPayment();
  const items = attention.data?.items;
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <div className="admin-card__head">
        <div>
          <h2 id={headingId} className="admin-card__title">
            Payments needing attention
          </h2>
          <p className="admin-card__lead">
            Checkouts the payment provider has not settled ten minutes after they opened, and refunds it has not taken. The store asks
            again every minute; Retry asks now.
          </p>
        </div>
        {items && attention.isFetching && <Spinner size="sm" label="Loading payments needing attention" />}
      </div>
      <AdminTable
        labelledBy={headingId}
        query={attention}
        errorLead="Payments needing attention could not be loaded"
        columns={5}
        head={
          <>
            <th scope="col">Since</th>
            <th scope="col">Buyer</th>
            <th scope="col" className="is-num">
              Amount
            </th>
            <th scope="col">Reason</th>
            <th scope="col">
              <span className="visually-hidden">Retry</span>
            </th>
          </>
        }
        rows={items}
        loadingLabel="Loading payments needing attention"
        empty="Nothing needs attention: every payment is settled and every refund made."
        renderRow={(item) => (
          <tr key={`${item.kind}-${item.checkoutId}-${item.since}`}>
            <td data-label="Since" className="is-nowrap">{formatUsDateTime(item.since)}</td>
            <td data-label="Buyer" className="admin-table__email">{item.email}</td>
            <td data-label="Amount" className="is-num">
              {formatPrice(item.amount)}
              <span className="admin-table__secondary">{item.kind === 'refund' ? 'refund owed' : 'checkout'}</span>
            </td>
            <td data-label="Reason">{item.reason}</td>
            <td data-label="Retry">
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
            </td>
          </tr>
        )}
      />
    </section>
  );
}
