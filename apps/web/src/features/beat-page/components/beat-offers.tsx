/**
 * Every way to get the beat, with its price and what it includes, and only the buttons the rules allow this viewer
 * (docs/product/screens-and-words.md#beat-page): an exclusive's licence with its countdown; a catalog beat's MP3
 * lease, its stems and the VIP plan; a credit unlock; and the downloads the viewer already holds. Each offer shows its
 * license terms (docs/product/licenses.md#terms); a buyer holding the MP3 lease of an exclusive for sale is offered the
 * upgrade instead of the whole price (docs/product/licenses.md#upgrades). Prices are the server's (the beat's own,
 * GET /api/config and the upgrades); visitors are sent to log in for what needs an account. A catalog beat's other licence
 * tiers (WAV Lease…) are cards beside its MP3 lease (docs/product/licenses.md#tiers).
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { ArrowRight, Check, Crown, Gem } from 'lucide-react';
import { commerceMessages } from '@beat/shared/messages';
import { OfferCard } from '../../../components/offer-card/offer-card';
import { OfferUnavailable } from '../../../components/offer-card/offer-unavailable';
import { offerTexts } from '../../../components/offer-card/offer-texts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths, vipSignupPath, withReturnUrl } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { useDeferredAction } from '../../../hooks/use-deferred-action';
import { useStoreConfig } from '../../../lib/store-config';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth';
import {
  CartToggleButton,
  LeaseOfferCard,
  LicenseTermsSummary,
  TierCard,
  tierView,
  UpgradeAction,
  upgradeWords,
  useCart,
  useStartCheckout,
  useStemsCart,
  useOtherTiers,
  useUpgrades,
  type CheckoutRequest,
} from '../../cart';
import { beatsQueryKey, changeBeatType, Countdown } from '../../catalog';
import { CreditUnlock, DownloadLinks, useDownloadRights } from '../../downloads';
import { vipPlanFeatures } from '../../vip-upsell';
import { downloadMessages, type Beat } from '@beat/shared';

type Opening = 'exclusive' | 'stems' | 'vip';

export function BeatOffers({ beat }: { beat: Beat }) {
  const { isAuthenticated, isLoading, user, userError } = useAuth();
  const rights = useDownloadRights(beat._id);
  const config = useStoreConfig();
  const cart = useCart();
  const stemsCart = useStemsCart();
  const checkout = useStartCheckout(user);
  const upgrades = useUpgrades();
  const otherTiers = useOtherTiers(beat);
  const queryClient = useQueryClient();
  const location = useLocation();
  const [opening, setOpening] = useState<Opening | null>(null);

  const here = location.pathname + location.search;
  const exclusive = beat.beatType === 'Exclusive';
  const upgrade = exclusive ? upgrades.forBeat(beat._id) : undefined;
  const isVip = user?.userType === 'vipUser';
  const owns = rights.data?.rights ?? { mp3: false, wav: false, stems: false };
  const canDownload = owns.mp3 || owns.wav || owns.stems;
  const fullyUnlocked = owns.mp3 && (owns.wav || beat.wavFileLink === null);
  const canUnlock = user !== null && user.Credits > 0 && !exclusive && rights.isSuccess && !fullyUnlocked;
  const leaving = checkout.isPending || checkout.isSuccess;
  const userPending = isLoading;

  function openCheckout(offer: Opening, request: CheckoutRequest) {
    // Clicked before the upgrades were in, Buy turned out to be an upgrade: the buyer sees its price before paying.
    if (request.kind === 'exclusive' && upgrade && request.beat.price !== upgrade.price) {
      toast(`${upgradeWords.ownedLease(upgrade.alreadyPaid)}: ${upgradeWords.button(upgrade.price).toLowerCase()}.`);
      return;
    }
    setOpening(offer);
    checkout.mutate(request, {
      onError: (error) => {
        toast.error(errorMessage(error));
        setOpening(null);
      },
    });
  }

  // Clicked before the signed-in user (and, for an exclusive, their upgrades) is in, a checkout button shows that it is
  // busy and opens the checkout once they have loaded (docs/product/screens-and-words.md#busy-controls).
  const starter = useDeferredAction(([offer, request]: [Opening, CheckoutRequest]) => openCheckout(offer, request), {
    ready: !userPending && !(exclusive && upgrades.isLoading),
    failure: userError,
  });
  const start = (offer: Opening, request: CheckoutRequest) => starter.run([offer, request]);
  const waitingFor = (offer: Opening) => starter.pending?.[0] === offer;

  function onCountdownEnd() {
    // The server turns the beat into a Non-Exclusive lease at its end time; nudge it, then show the page anew.
    changeBeatType(beat._id)
      .catch(() => undefined)
      .finally(() => void queryClient.invalidateQueries({ queryKey: beatsQueryKey }));
  }

  // A catalog beat's MP3 lease card: in the cart only as that tier (its other tiers have cards of their own).
  const cartButton = <CartToggleButton beat={beat} cart={exclusive ? cart : tierView(cart, 'lease')} />;

  const offers: ReactNode[] = [];
  if (exclusive) {
    offers.push(
      <OfferCard
        key="exclusive"
        featured
        icon={<Gem />}
        name="Exclusive license"
        price={beat.price === null ? '—' : formatPrice(beat.price)}
        note={offerTexts.exclusive.note}
        features={offerTexts.exclusive.features}
        extra={beat.countdownEndTime ? <Countdown endIso={beat.countdownEndTime} onEnd={onCountdownEnd} className="bp-offers__countdown" /> : null}
        actions={
          <>
            {isAuthenticated && upgrade ? (
              <UpgradeAction noteClassName="bp-offers__upgrade" upgrade={upgrade} disabled={leaving} />
            ) : isAuthenticated ? (
              <Button
                busy={(opening === 'exclusive' && leaving) || waitingFor('exclusive')}
                busyLabel="Buying..."
                disabled={leaving}
                onClick={() => (beat.price === null ? toast.error(commerceMessages.noPrice) : start('exclusive', { kind: 'exclusive', beat }))}
              >
                Buy
              </Button>
            ) : (
              <ButtonLink to={withReturnUrl(paths.login, here)}>Buy</ButtonLink>
            )}
            {cartButton}
          </>
        }
        terms={<LicenseTermsSummary offer="exclusive" collapsible />}
      />,
    );
  } else {
    if (beat.price !== null) {
      offers.push(
        <LeaseOfferCard
          key="lease"
          offer="lease"
          price={formatPrice(beat.price)}
          actions={owns.mp3 ? <Owned /> : cartButton}
        />,
      );
    }
    // The other licence tiers, beside the MP3 lease (docs/product/licenses.md#tiers).
    for (const tier of otherTiers) offers.push(<TierCard key={`tier-${tier.key}`} beat={beat} tier={tier} />);
    const stemsPrice = config.data?.stemsPrice;
    // A beat without a stems file has no stems offer: a line under the cards says so (docs/product/screens-and-words.md#beat-page).
    if (beat.hasStems || owns.stems) {
      offers.push(
        <LeaseOfferCard
          key="stems"
          offer="stems"
          price={stemsPrice === undefined ? '—' : formatPrice(stemsPrice)}
          actions={
            owns.stems ? (
              <Owned />
            ) : !isAuthenticated ? (
              <ButtonLink variant="secondary" to={withReturnUrl(paths.login, here)}>
                Buy Stems
              </ButtonLink>
            ) : (
              <>
                <Button
                  variant="secondary"
                  busy={(opening === 'stems' && leaving) || waitingFor('stems')}
                  busyLabel="Opening checkout..."
                  disabled={leaving || stemsPrice === undefined}
                  onClick={() =>
                    stemsPrice !== undefined && start('stems', { kind: 'stems', beats: [{ _id: beat._id, beatTitle: beat.beatTitle, price: stemsPrice }] })
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
    if (!isVip) {
      const planPrice = config.data?.vipPlanPrice;
      offers.push(
        <OfferCard
          key="vip"
          icon={<Crown />}
          name="VIP Catalog"
          price={planPrice === undefined ? '—' : formatPrice(planPrice)}
          note="This beat and every catalog beat: one payment, lifetime access"
          features={vipPlanFeatures}
          actions={
            isAuthenticated ? (
              <Button
                variant="secondary"
                iconEnd={<ArrowRight aria-hidden="true" />}
                busy={(opening === 'vip' && leaving) || waitingFor('vip')}
                busyLabel="Opening checkout..."
                disabled={leaving || planPrice === undefined}
                onClick={() => planPrice !== undefined && start('vip', { kind: 'vipPlan', price: planPrice })}
              >
                Get Access
              </Button>
            ) : (
              <ButtonLink variant="secondary" iconEnd={<ArrowRight aria-hidden="true" />} to={vipSignupPath(here)}>
                Get Access
              </ButtonLink>
            )
          }
          terms={<LicenseTermsSummary offer="vipPlan" collapsible />}
        />,
      );
    }
  }

  return (
    <section className="bp-offers" aria-labelledby="bp-offers-title">
      <h2 id="bp-offers-title" className="section-heading bp-section-title">
        Get this beat
      </h2>
      {isVip && !exclusive && (
        <p className="bp-offers__vip">
          <Crown aria-hidden="true" />
          {downloadMessages.vipMember}
        </p>
      )}
      {user && canDownload && (
        <section className="bp-panel bp-panel--files" aria-labelledby="bp-files-title">
          <h3 id="bp-files-title" className="bp-panel__title">
            Your downloads
          </h3>
          <DownloadLinks beat={beat} variant="primary" nameWithTitle={false} />
        </section>
      )}
      {canUnlock && user && <CreditUnlock beat={beat} user={user} />}
      {offers.length > 0 && (
        <ul className={['bp-offers__list', offers.length === 1 && 'bp-offers__list--one'].filter(Boolean).join(' ')}>{offers}</ul>
      )}
      {!exclusive && !beat.hasStems && !owns.stems && <OfferUnavailable>{commerceMessages.stemsNotAvailable}</OfferUnavailable>}
    </section>
  );
}

function Owned() {
  return (
    <p className="bp-offers__owned">
      <Check aria-hidden="true" /> Already yours
    </p>
  );
}
