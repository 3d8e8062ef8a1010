/**
 * The modal's purchase cards (docs/product/screens-and-words.md#download-modal): only the offers this beat has, by
 * the same rules as the beat page's 'Get this beat' (docs/product/offers-and-prices.md#offers). A catalog beat: the
 * full VIP catalog (not for VIP members), its MP3 lease (when it has a lease price) and its stems (when it has a stems
 * file; without one a line says so, and no card is shown that cannot be bought). An exclusive: its
 * exclusive license, or its upgrade for a buyer holding its MP3 lease (docs/product/licenses.md#upgrades). Each card
 * has its license terms folded under it. Prices are the server's; checkout buttons open the provider's hosted checkout.
 * A catalog beat's other licence tiers (WAV Lease…) are cards beside its MP3 lease (docs/product/licenses.md#tiers).
 */
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ArrowRight, Check, Crown, Gem } from 'lucide-react';
import { downloadMessages, type Beat, type User } from '@beat/shared';
import { OfferCard } from '../../../components/offer-card/offer-card';
import { OfferUnavailable } from '../../../components/offer-card/offer-unavailable';
import { offerTexts } from '../../../components/offer-card/offer-texts';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { useStoreConfig } from '../../../lib/store-config';
import {
  CartToggleButton,
  LeaseOfferCard,
  LicenseTermsSummary,
  TierCard,
  tierView,
  UpgradeAction,
  useCart,
  useOtherTiers,
  useStemsCart,
  useUpgrades,
} from '../../cart';
import { useCreatePlanCheckout } from '../../vip-upsell';
import { useCreateExclusiveCheckout } from '../api/create-exclusive-checkout';
import { useCreateStemsCheckout, type CheckoutAnswer } from '../api/create-stems-checkout';

type Offer = 'vip' | 'stems' | 'exclusive';

export interface PurchaseCardsProps {
  beat: Beat;
  user: User;
  /** The user may already download the mp3 (lease, credit, VIP): no lease to sell. */
  ownsMp3: boolean;
  ownsStems: boolean;
  onBusyChange?: (busy: boolean) => void;
}

export function PurchaseCards({ beat, user, ownsMp3, ownsStems, onBusyChange }: PurchaseCardsProps) {
  const config = useStoreConfig();
  const cart = useCart();
  const stemsCart = useStemsCart();
  const plan = useCreatePlanCheckout();
  const stems = useCreateStemsCheckout();
  const exclusive = useCreateExclusiveCheckout();
  const upgrade = useUpgrades().forBeat(beat._id);
  const otherTiers = useOtherTiers(beat);
  const [opening, setOpening] = useState<Offer | null>(null);
  const isVip = user.userType === 'vipUser';
  const exclusiveBeat = beat.beatType === 'Exclusive';

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
  const cards: ReactNode[] = [];

  if (exclusiveBeat) {
    // An exclusive license exists only for Exclusive beats, whose stems come with it (docs/product/offers-and-prices.md#primary-offer).
    cards.push(
      <OfferCard
        key="exclusive"
        compact
        headingLevel={4}
        featured
        icon={<Gem />}
        name="Exclusive"
        price={beat.price === null ? '—' : formatPrice(beat.price)}
        note={offerTexts.exclusive.note}
        features={offerTexts.exclusive.features}
        actions={
          upgrade ? (
            <UpgradeAction noteClassName="dlm-upgrade" block upgrade={upgrade} disabled={busy} onBusyChange={onBusyChange} />
          ) : beat.price === null ? (
            <Button block variant="secondary" disabled className="offer-card__unavailable">
              {downloadMessages.noPrice}
            </Button>
          ) : (
            <Button
              block
              busy={opening === 'exclusive'}
              busyLabel="Opening checkout..."
              disabled={busy}
              onClick={() =>
                beat.price !== null &&
                go('exclusive', () => exclusive.mutateAsync({ beatId: beat._id, beatName: beat.beatTitle, price: beat.price!, ...who }))
              }
            >
              Buy Exclusive
            </Button>
          )
        }
        terms={<LicenseTermsSummary offer="exclusive" collapsible />}
      />,
    );
  } else {
    if (!isVip) {
      cards.push(
        <OfferCard
          key="vip"
          compact
          headingLevel={4}
          featured
          icon={<Crown />}
          name="VIP Catalog"
          price={config.data ? formatPrice(config.data.vipPlanPrice) : '—'}
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
          terms={<LicenseTermsSummary offer="vipPlan" collapsible />}
        />,
      );
    }
    if (beat.price !== null && !ownsMp3) {
      cards.push(
        <LeaseOfferCard
          key="lease"
          offer="lease"
          compact
          headingLevel={4}
          price={formatPrice(beat.price)}
          actions={<CartToggleButton beat={beat} cart={tierView(cart, 'lease')} offer="MP3 lease" />}
        />,
      );
    }
    // The other licence tiers, beside the MP3 lease (docs/product/licenses.md#tiers).
    for (const tier of otherTiers) cards.push(<TierCard key={`tier-${tier.key}`} beat={beat} tier={tier} compact headingLevel={4} />);
    if (beat.hasStems || ownsStems) {
      cards.push(
        <LeaseOfferCard
          key="stems"
          offer="stems"
          compact
          headingLevel={4}
          price={config.data ? formatPrice(config.data.stemsPrice) : '—'}
          actions={
            ownsStems ? (
              <Button block variant="secondary" disabled icon={<Check aria-hidden="true" />}>
                Stems already yours
              </Button>
            ) : (
              <>
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
                <CartToggleButton beat={beat} cart={stemsCart} offer="stems" variant="ghost" />
              </>
            )
          }
        />,
      );
    }
  }
  const noStems = !exclusiveBeat && !beat.hasStems && !ownsStems;
  const stemsRefusal = noStems && <OfferUnavailable className="dlm-unavailable">{downloadMessages.stemsNotAvailable}</OfferUnavailable>;
  // Nothing left to buy (a VIP member's catalog beat): no heading over an empty list.
  if (cards.length === 0) return stemsRefusal || null;

  return (
    <section className="dlm-buy" aria-labelledby="dlm-buy-title">
      <h3 id="dlm-buy-title" className="dlm-section-title">
        Buy a license
      </h3>
      <ul className={['dlm-cards', cards.length === 2 && 'dlm-cards--two', cards.length === 1 && 'dlm-cards--one'].filter(Boolean).join(' ')}>
        {cards}
      </ul>
      {stemsRefusal}
    </section>
  );
}
