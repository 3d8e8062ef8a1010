/** Store Settings' "Sales e-mails": whether every admin gets a "New sale" e-mail for each paid order. */
import { useId } from 'react';
import toast from 'react-hot-toast';
import { Checkbox } from '../../../components/ui/checkbox';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateSaleNotices } from '../api/update-sale-notices';

export function SaleNoticesSection({ enabled }: { enabled: boolean }) {
  const headingId = useId();
  const update = useUpdateSaleNotices();
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <div className="admin-card__head">
        <h2 id={headingId} className="admin-card__title">
          Sales e-mails
        </h2>
      </div>
      <p className="admin-card__lead">Every admin gets an e-mail for each paid order: what was sold, to whom and for how much.</p>
      <Checkbox
        label='Send "New sale" e-mails'
        checked={update.isPending ? update.variables : enabled}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate(event.currentTarget.checked, {
            onSuccess: (settings) => toast.success(settings.saleNotices ? '"New sale" e-mails are on' : '"New sale" e-mails are off'),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      />
    </section>
  );
}
