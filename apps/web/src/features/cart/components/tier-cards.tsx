/**
 * The licence tiers of a catalog beat side by side (docs/product/licenses.md#tiers), the same on the beat page and in
 * the download pop-up: each tier's name, price, files, the numbers a buyer looks for (its terms' `summary`), a link to
 * its full license and its Add to Cart. A tier the buyer holds says so; a higher one shows the upgrade's price (the
 * difference). A visitor's cart in the browser holds the beat's MP3 lease, so the other tiers ask them to log in.
 */
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { Check, FileAudio, ShoppingCart } from 'lucide-react';
import { commerceMessages } from '@beat/shared/messages';
import { libraryFileLabels } from '@beat/shared';
import { OfferCard } from '../../../components/offer-card/offer-card';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths, withReturnUrl } from '../../../config/paths';
import { useDeferredAction } from '../../../hooks/use-deferred-action';
import { formatPrice } from '../../../lib/format';
import { useAuth } from '../../auth';
import { useChangeCartTier } from '../api/change-cart-tier';
import { useBeatTiers, type BeatTier } from '../api/get-beat-tiers';
import { useCart, type CartBeat } from '../hooks/use-cart';
import { CartToggleButton } from './cart-toggle-button';
import './tier-cards.css';

export interface TierCardsProps {
  beat: CartBeat;
  /** The heading over the cards (the beat page's); without one the list is named by `aria-label`. */
  title?: string;
  compact?: boolean;
  /** The cards' heading level. */
  headingLevel?: 3 | 4;
}

export const tierFilesText = (tier: Pick<BeatTier, 'files'>) => `Files: ${tier.files.map((f) => libraryFileLabels[f]).join(', ')}`;

export function TierCards({ beat, title, compact = false, headingLevel = 3 }: TierCardsProps) {
  const titleId = useId();
  const tiers = useBeatTiers(beat._id);
  const list = (tiers.data ?? []).filter((t) => !t.exclusive);
  // One tier is the MP3 lease the page's own card sells already: a ladder needs two rungs.
  if (beat.beatType === 'Exclusive' || list.length < 2) return null;
  return (
    <section className={['tier-cards', compact && 'tier-cards--compact'].filter(Boolean).join(' ')} aria-labelledby={title ? titleId : undefined} aria-label={title ? undefined : 'License tiers'}>
      {title && (
        <h3 id={titleId} className="tier-cards__title">
          {title}
        </h3>
      )}
      <ul className="tier-cards__list">
        {list.map((tier) => (
          <TierCard key={tier.key} beat={beat} tier={tier} compact={compact} headingLevel={headingLevel} />
        ))}
      </ul>
    </section>
  );
}

function TierCard({ beat, tier, compact, headingLevel }: { beat: CartBeat; tier: BeatTier; compact: boolean; headingLevel: 3 | 4 }) {
  const upgrade = !tier.owned && tier.upgradePrice !== undefined && tier.upgradePrice < tier.price;
  return (
    <OfferCard
      icon={<FileAudio />}
      name={tier.name}
      price={formatPrice(upgrade ? tier.upgradePrice! : tier.price)}
      note={tierFilesText(tier)}
      extra={
        upgrade ? (
          <p className="tier-cards__upgrade">
            Upgrade: you pay the difference ({formatPrice(tier.price)} less what your license cost)
          </p>
        ) : null
      }
      features={tier.summary}
      compact={compact}
      headingLevel={headingLevel}
      actions={
        tier.owned ? (
          <p className="tier-cards__owned">
            <Check aria-hidden="true" /> Already yours
          </p>
        ) : (
          <TierCartButton beat={beat} tier={tier} />
        )
      }
      terms={
        <Link className="tier-cards__terms" to={tier.termsUrl}>
          Read the full license<span className="visually-hidden"> — {tier.name}</span>
        </Link>
      }
    />
  );
}

/**
 * Add to Cart for one tier: adds the beat as this tier, or moves its cart line to this tier; the tier in the cart can
 * be taken out again. Clicked before the cart is in, it waits for it (docs/product/screens-and-words.md#busy-controls).
 */
function TierCartButton({ beat, tier }: { beat: CartBeat; tier: BeatTier }) {
  const { isAuthenticated, user, canUseAccount } = useAuth();
  const cart = useCart();
  const change = useChangeCartTier(canUseAccount ? user?._id : undefined);
  const location = useLocation();
  const line = cart.items.find((i) => i._id === beat._id);
  const inCart = line !== undefined && line.tier?.key === tier.key;
  const click = useDeferredAction(
    (add: boolean) => {
      const now = cart.items.find((i) => i._id === beat._id);
      if (!add) {
        if (now) cart.remove(beat);
      } else if (!now) cart.add({ ...beat, price: tier.price }, tier.key);
      else if (now.tier?.key !== tier.key) change.mutate({ beatId: beat._id, tier: tier.key });
    },
    { ready: !cart.isLoading, failure: cart.isError ? commerceMessages.failedToAddToCart : null },
  );
  const who = (
    <span className="visually-hidden">
      {' '}
      — {tier.name} of {beat.beatTitle}
    </span>
  );

  if (!isAuthenticated) {
    // The browser's cart keeps the MP3 lease, which the account's cart takes in at login.
    if (tier.key === 'lease') return <CartToggleButton beat={beat} cart={cart} offer={tier.name} />;
    return (
      <ButtonLink variant="secondary" to={withReturnUrl(paths.login, location.pathname + location.search)}>
        Log in to buy{who}
      </ButtonLink>
    );
  }
  return (
    <Button
      variant="secondary"
      icon={inCart ? <Check aria-hidden="true" /> : <ShoppingCart aria-hidden="true" />}
      busy={cart.pendingBeatId === beat._id || (change.isPending && change.variables?.tier === tier.key) || click.waiting}
      onClick={() => click.run(!inCart)}
    >
      {inCart ? 'Remove From Cart' : 'Add to Cart'}
      {who}
    </Button>
  );
}
