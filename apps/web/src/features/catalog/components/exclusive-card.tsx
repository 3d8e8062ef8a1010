/** An exclusive beat for sale: artwork with play and countdown, title, BPM, #tags, price, Buy and cart toggle (docs/product/screens-and-words.md#beat-rows-and-cards). */
import { memo } from 'react';
import { Link } from 'react-router';
import { ShoppingCart, Check } from 'lucide-react';
import { BeatTags } from '../../../components/beat/beat-tags';
import { toast } from '../../../lib/toast';
import type { Beat } from '@beat/shared';
import { commerceMessages } from '@beat/shared/messages';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { Equalizer } from '../../../components/beat/equalizer';
import { Button } from '../../../components/ui/button';
import { beatPath, paths } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';
import { useDeferredAction } from '../../../hooks/use-deferred-action';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { upgradeWords, useStartCheckout, useCart, useUpgrades } from '../../cart';
import { CardPlayButton, useBeatPlayback } from '../../player';
import { FreeDownloadButton } from '../../free-downloads';
import { useExclusiveEnd } from '../hooks/use-exclusive-end';
import { useVisitorRedirect } from '../hooks/use-visitor-redirect';
import { formatReleaseDate } from '../lib/release-date';
import { Countdown } from './countdown';
import './exclusive-card.css';

export interface ExclusiveCardProps {
  beat: Beat;
  /** What next/previous walk through when this card is played. */
  queue: readonly Beat[];
  /** Level of the card's title: one below the section heading. */
  headingLevel?: 2 | 3;
  /**
   * A slide of the carousel, which is one Tab stop: the card itself is focusable (0 for the carousel's current card,
   * -1 for the others) and its controls are reached with the arrow keys (exclusives-section.tsx).
   */
  slideTabIndex?: 0 | -1;
  /** The carousel's hint of its keys, which describes each slide. */
  slideHintId?: string;
}

/**
 * Memoised: the section around it renders again for its own state (the carousel's Previous / Next),
 * which leaves every card as it was; a card renders again only for its props or its own hooks.
 */
export const ExclusiveCard = memo(function ExclusiveCard({ beat, queue, headingLevel = 3, slideTabIndex, slideHintId }: ExclusiveCardProps) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const { isAuthenticated, isLoading, userError, user } = useAuth();
  const { isCurrent, isPlaying } = useBeatPlayback(beat._id);
  const cart = useCart();
  const checkout = useStartCheckout(user);
  const toAuth = useVisitorRedirect();
  // From its end by the server's clock, the offer is closed until the server confirms and the card leaves (docs/product/offers-and-prices.md#countdown).
  const { closed } = useExclusiveEnd(beat);
  const inCart = cart.has(beat._id);
  // A buyer who holds the beat's MP3 lease pays the exclusive less the lease (docs/product/licenses.md#upgrades).
  const upgrade = useUpgrades().forBeat(beat._id);
  const buying = checkout.isPending || checkout.isSuccess;

  // Buy goes straight to the exclusive's checkout at its own price; visitors log in first (docs/product/screens-and-words.md#visitors).
  function onBuy() {
    if (!isAuthenticated) return toAuth(paths.login);
    if (beat.price === null) return toast.error(commerceMessages.noPrice);
    const offer = upgrade ? { ...beat, price: upgrade.price } : beat;
    checkout.mutate({ kind: 'exclusive', beat: offer }, { onError: (error) => toast.error(errorMessage(error)) });
  }

  // Visitors fill a cart kept in the browser (docs/product/offers-and-prices.md#cart); it joins their account at login or signup.
  function onCart(add: boolean) {
    if (!add && cart.has(beat._id)) cart.remove(beat);
    else if (add && !cart.has(beat._id)) cart.add(beat);
  }

  // Clicked before the signed-in user or the cart has loaded, Buy and the cart toggle show that they are busy and act
  // once it is in (docs/product/screens-and-words.md#busy-controls).
  const buy = useDeferredAction(onBuy, { ready: !isLoading, failure: userError });
  const toggleCart = useDeferredAction(onCart, {
    ready: !cart.isLoading,
    failure: cart.isError ? commerceMessages.failedToAddToCart : null,
  });

  // In the carousel the controls leave the Tab order; the carousel moves focus to them with the arrow keys.
  const controlTabIndex = slideTabIndex === undefined ? undefined : -1;

  return (
    <article
      className={['xcard', isCurrent && 'xcard--current'].filter(Boolean).join(' ')}
      aria-labelledby={`xcard-${beat._id}`}
      tabIndex={slideTabIndex}
      aria-describedby={slideHintId}
    >
      <div className="xcard__media">
        <BeatArtwork id={beat._id} title={beat.beatTitle} className="xcard__art" radius="0" />
        <span className="art-badge xcard__badge">Exclusive</span>
        {isPlaying && <Equalizer className="xcard__eq" />}
        <CardPlayButton beat={beat} queue={queue} className="xcard__play" tabIndex={controlTabIndex} />
        {beat.countdownEndTime && <Countdown endIso={beat.countdownEndTime} className="xcard__countdown" />}
      </div>
      <div className="xcard__body">
        <div className="xcard__heading">
          <Title id={`xcard-${beat._id}`} className="xcard__title" title={beat.beatTitle}>
            <Link to={beatPath(beat.slug)} className="xcard__link" tabIndex={controlTabIndex}>
              {beat.beatTitle}
            </Link>
          </Title>
          <p className="xcard__price">{upgrade ? formatPrice(upgrade.price) : beat.price === null ? '—' : formatPrice(beat.price)}</p>
        </div>
        {upgrade && <p className="xcard__upgrade">{upgradeWords.cartLine(upgrade.alreadyPaid)}</p>}
        <p className="xcard__artist">{beat.artistName}</p>
        <p className="xcard__meta">
          {/* The dot between them is the stylesheet's (exclusive-card.css), one element fewer a card. */}
          <span>{beat.bpm} BPM</span>
          <span>{formatReleaseDate(beat.releaseDate)}</span>
        </p>
        {beat.tags.length > 0 && (
          <BeatTags tags={beat.tags} max={4} className="xcard__tags" />
        )}
        <div className="xcard__actions">
          <Button size="sm" tabIndex={controlTabIndex} onClick={() => buy.run(undefined)} busy={buying || buy.waiting || closed} busyLabel={closed ? undefined : 'Buying...'}>
            Buy
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className={inCart ? 'xcard__incart' : undefined}
            icon={inCart ? <Check aria-hidden="true" /> : <ShoppingCart aria-hidden="true" />}
            busy={cart.pendingBeatId === beat._id || toggleCart.waiting || closed}
            tabIndex={controlTabIndex}
            onClick={() => toggleCart.run(!inCart)}
          >
            {inCart ? 'Remove From Cart' : 'Add to Cart'}
          </Button>
          <FreeDownloadButton beat={beat} size="sm" tabIndex={controlTabIndex} />
        </div>
      </div>
    </article>
  );
});
