/** The VIP purchase modal (docs/product/offers-and-prices.md#vip-plan): the plan card and "Get Access", which opens the checkout at the server's price. */
import { toast } from '../../../lib/toast';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { useStoreConfig } from '../../../lib/store-config';
import { useCreatePlanCheckout } from '../api/create-plan-checkout';
import { VipPlanCard } from './vip-plan-card';

export function VipPlanModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const config = useStoreConfig();
  const checkout = useCreatePlanCheckout();
  const price = config.data?.vipPlanPrice;
  const busy = checkout.isPending || checkout.isSuccess;

  function onGetAccess() {
    if (!user || price === undefined) return;
    checkout.mutate(
      { price, email: user.email, userId: user._id },
      {
        onSuccess: (answer) => window.location.assign(answer.session.url),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!busy}
      title="Unlock the VIP catalog"
      description="Every Non-Exclusive beat in the store, ready to download and release."
    >
      <VipPlanCard
        price={price}
        action={
          <Button
            size="lg"
            block
            data-autofocus
            busy={busy}
            busyLabel="Opening checkout..."
            disabled={price === undefined || !user}
            iconEnd={<ArrowRight aria-hidden="true" />}
            onClick={onGetAccess}
          >
            Get Access
          </Button>
        }
      />
    </Modal>
  );
}
