/**
 * The modal's three purchase cards (docs/product/screens-and-words.md#download-modal): the full VIP catalog (not for VIP members), the beat's
 * stems, and its exclusive licence. Prices are the server's; each opens the provider's hosted checkout.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ArrowRight, Check, Crown, Gem, Layers } from 'lucide-react';
import { downloadMessages, type Beat, type User } from '@beat/shared';
import { OfferCard } from '../../../components/offer-card/offer-card';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice, formatShortPrice } from '../../../lib/format';
import { useStoreConfig } from '../../../lib/store-config';
import { useCreatePlanCheckout } from '../../vip-upsell';
import { useCreateExclusiveCheckout } from '../api/create-exclusive-checkout';
import { useCreateStemsCheckout, type CheckoutAnswer } from '../api/create-stems-checkout';

type Offer = 'vip' | 'stems' | 'exclusive';

export interface PurchaseCardsProps {
  beat: Beat;
  user: User;
  ownsStems: boolean;
  onBusyChange?: (busy: boolean) => void;
}

export function PurchaseCards({ beat, user, ownsStems, onBusyChange }: PurchaseCardsProps) {
  const config = useStoreConfig();
  const plan = useCreatePlanCheckout();
  const stems = useCreateStemsCheckout();
  const exclusive = useCreateExclusiveCheckout();
  const [opening, setOpening] = useState<Offer | null>(null);
  const isVip = user.userType === 'vipUser';
  // An exclusive licence exists only for Exclusive beats; a Non-Exclusive beat's price is its MP3 lease (docs/product/offers-and-prices.md#primary-offer).
  const exclusivePrice = beat.beatType === 'Exclusive' ? beat.price : null;

  function go(offer: Offer, start: () => Promise<CheckoutAnswer>) {
    setOpening(offer);
    onBusyChange?.(true);
    start().then(
      // Stay busy while the browser leaves for the checkout page.
      (answer) => window.location.assign(answer.session.url),
      (error: unknown) => {
        toast.error(errorMessage(error));
        setOpening(null);
        onBusyChange?.(false);
      },
    );
  }

  const busy = opening !== null;
  const who = { email: user.email, userId: user._id };

  return (
    <section className="dlm-buy" aria-labelledby="dlm-buy-title">
      <h3 id="dlm-buy-title" className="dlm-section-title">
        Buy a licence
      </h3>
      <ul className={['dlm-cards', isVip && 'dlm-cards--two'].filter(Boolean).join(' ')}>
        {!isVip && (
          <OfferCard
            compact
            headingLevel={4}
            featured
            icon={<Crown />}
            name="VIP Catalog"
            price={config.data ? formatShortPrice(config.data.vipPlanPrice) : '—'}
            note="One payment, lifetime access"
            features={[
              config.data ? `All ${config.data.vipCatalogSize} catalog beats` : 'Every catalog beat',
              'MP3 and WAV files',
              '100% royalties',
            ]}
            actions={
              <Button
                block
                busy={opening === 'vip'}
                busyLabel="Opening checkout..."
                disabled={busy || !config.data}
                iconEnd={<ArrowRight aria-hidden="true" />}
                onClick={() => config.data && go('vip', () => plan.mutateAsync({ price: config.data.vipPlanPrice, ...who }))}
              >
                Get Access
              </Button>
            }
          />
        )}
        <OfferCard
          compact
          headingLevel={4}
          icon={<Layers />}
          name="Stems"
          price={config.data ? formatPrice(config.data.stemsPrice) : '—'}
          note="Every track of the beat, for your own mix"
          features={['Separate track files in a zip', 'Mix and master it your way']}
          actions={
            ownsStems ? (
              <Button block variant="secondary" disabled icon={<Check aria-hidden="true" />}>
                Stems already yours
              </Button>
            ) : beat.hasStems ? (
              <Button
                block
                variant="secondary"
                busy={opening === 'stems'}
                busyLabel="Opening checkout..."
                disabled={busy || !config.data}
                onClick={() =>
                  config.data &&
                  go('stems', () => stems.mutateAsync({ beatId: beat._id, beatName: beat.beatTitle, price: config.data.stemsPrice, ...who }))
                }
              >
                Buy Stems
              </Button>
            ) : (
              <Button block variant="secondary" disabled className="offer-card__unavailable">
                {downloadMessages.stemsNotAvailable}
              </Button>
            )
          }
        />
        <OfferCard
          compact
          headingLevel={4}
          icon={<Gem />}
          name="Exclusive"
          price={exclusivePrice === null ? '—' : formatPrice(exclusivePrice)}
          note="Includes Stems, FREE Mixing/Mastering (time-limited), and 100% Royalties"
          features={['Yours alone: leaves the store', 'MP3, WAV and stems']}
          actions={
            exclusivePrice === null ? (
              <Button block variant="secondary" disabled className="offer-card__unavailable">
                {downloadMessages.noPrice}
              </Button>
            ) : (
              <Button
                block
                variant="secondary"
                busy={opening === 'exclusive'}
                busyLabel="Opening checkout..."
                disabled={busy}
                onClick={() =>
                  go('exclusive', () => exclusive.mutateAsync({ beatId: beat._id, beatName: beat.beatTitle, price: exclusivePrice, ...who }))
                }
              >
                Buy Exclusive
              </Button>
            )
          }
        />
      </ul>
    </section>
  );
}
