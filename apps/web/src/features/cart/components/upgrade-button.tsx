/**
 * "Upgrade to exclusive for $Y" (docs/product/licenses.md#upgrades): opens the exclusive's checkout at the upgrade's
 * price, the one the buyer sees here, and sends the browser to it. A refusal (the exclusive was sold, its price or
 * the lease changed) is toasted and the upgrades are asked for anew.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Gem } from 'lucide-react';
import type { UpgradeOffer } from '@beat/shared';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth';
import { useStartCheckout } from '../api/create-checkout-session';
import { upgradesQueryKey } from '../api/get-upgrades';
import { upgradeWords } from '../lib/upgrade-words';
import { KeepAmountTogether } from './keep-amount-together';

export interface UpgradeButtonProps extends Omit<ButtonProps, 'onClick' | 'busy' | 'children'> {
  upgrade: UpgradeOffer;
  /** Told when the checkout starts opening and when it fails (the page may disable its other checkout buttons). */
  onBusyChange?: (busy: boolean) => void;
}

export function UpgradeButton({ upgrade, onBusyChange, disabled, ...rest }: UpgradeButtonProps) {
  const { user } = useAuth();
  const checkout = useStartCheckout(user);
  const queryClient = useQueryClient();
  const leaving = checkout.isPending || checkout.isSuccess;

  function onClick() {
    onBusyChange?.(true);
    checkout.mutate(
      { kind: 'exclusive', beat: { _id: upgrade.beatId, beatTitle: upgrade.beatTitle, price: upgrade.price } },
      {
        onError: (error) => {
          toast.error(errorMessage(error));
          onBusyChange?.(false);
          void queryClient.invalidateQueries({ queryKey: upgradesQueryKey });
        },
      },
    );
  }

  return (
    <Button
      icon={<Gem aria-hidden="true" />}
      busy={leaving}
      busyLabel="Opening checkout..."
      disabled={disabled || !user}
      onClick={onClick}
      {...rest}
    >
      {upgradeWords.button(upgrade.price)}
    </Button>
  );
}

/** The upgrade in an offer card: what the buyer already paid for the lease, then the button. */
export function UpgradeAction({ noteClassName, ...button }: UpgradeButtonProps & { noteClassName: string }) {
  return (
    <>
      <p className={noteClassName}>
        <KeepAmountTogether text={upgradeWords.ownedLease(button.upgrade.alreadyPaid)} />
      </p>
      <UpgradeButton {...button} />
    </>
  );
}
