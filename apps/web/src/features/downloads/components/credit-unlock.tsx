/** Credit unlock (docs/product/entitlements.md#credits): for users with Credits above 0 — shows the credits left and spends one on confirm. */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Coins } from 'lucide-react';
import type { Beat, User } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { IconTile } from '../../../components/ui/icon-tile';
import { errorMessage } from '../../../lib/api-client';
import { useReduceCredits } from '../api/reduce-credits';
// The panel's look, also where it shows outside the download modal (the beat page).
import './download-modal.css';

const creditsText = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

export function CreditUnlock({ beat, user, onBusyChange }: { beat: Beat; user: User; onBusyChange?: (busy: boolean) => void }) {
  const [confirming, setConfirming] = useState(false);
  const unlock = useReduceCredits();

  async function onConfirm() {
    onBusyChange?.(true);
    // mutateAsync, not mutate's callbacks: the refreshed rights may unmount this panel before they would run.
    try {
      const answer = await unlock.mutateAsync({ email: user.email, beatId: beat._id });
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirming(false);
      onBusyChange?.(false);
    }
  }

  return (
    <section className="dlm-panel dlm-credit" aria-labelledby="dlm-credit-title">
      <IconTile>
        <Coins />
      </IconTile>
      <div className="dlm-panel__text">
        <h3 id="dlm-credit-title" className="dlm-panel__title">
          Unlock with a credit
        </h3>
        {confirming ? (
          <p className="dlm-panel__desc" role="status">
            Spend 1 of your {creditsText(user.Credits)} to unlock the MP3 and WAV of {beat.beatTitle} for good?
          </p>
        ) : (
          <p className="dlm-panel__desc">One credit unlocks this beat's MP3 and WAV for good.</p>
        )}
        <p className="dlm-credit__left">
          Credits left: <strong>{user.Credits}</strong>
        </p>
      </div>
      <div className="dlm-panel__actions">
        {confirming ? (
          <>
            <Button data-autofocus busy={unlock.isPending} busyLabel="Unlocking..." onClick={() => void onConfirm()}>
              Confirm unlock
            </Button>
            <Button variant="ghost" disabled={unlock.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button icon={<Coins aria-hidden="true" />} onClick={() => setConfirming(true)}>
            Unlock for 1 credit
          </Button>
        )}
      </div>
    </section>
  );
}
