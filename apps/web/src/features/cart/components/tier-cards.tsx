/**
 * The licence tiers of a catalog beat as offer cards beside the screen's other offers (docs/product/licenses.md#tiers),
 * the same on the beat page and in the download pop-up: each tier's name, price, files, the numbers a buyer looks for (its terms' `summary`), a link to
 * its full license and its Add to Cart. A tier the buyer holds says so; a higher one shows the upgrade's price (the
 * difference). A visitor's cart in the browser keeps the tier they chose, which joins the account's cart at login. The
 * screen's own MP3 lease card stands for the MP3 Lease tier.
 */
import { Link } from 'react-router';
import { Check, FileAudio } from 'lucide-react';
import { libraryFileLabels } from '@beat/shared';
import { OfferCard } from '../../../components/offer-card/offer-card';
import { formatPrice } from '../../../lib/format';
import { useBeatTiers, type BeatTier } from '../api/get-beat-tiers';
import { useCart, type CartBeat, type TierToBuy } from '../hooks/use-cart';
import { CartToggleButton, type ToggleableCart } from './cart-toggle-button';
import './tier-cards.css';

const tierFilesText = (tier: Pick<BeatTier, 'files'>) => `Files: ${tier.files.map((f) => libraryFileLabels[f]).join(', ')}`;

/**
 * The tiers a catalog beat offers besides its MP3 lease, which the screens sell with a card of their own (with its
 * words, terms and buttons), so a beat is never offered twice; none for an exclusive, whose card is its tier.
 */
export function useOtherTiers(beat: Pick<CartBeat, '_id' | 'beatType'>): BeatTier[] {
  const tiers = useBeatTiers(beat._id);
  if (beat.beatType === 'Exclusive') return [];
  return (tiers.data ?? []).filter((t) => !t.exclusive && t.key !== 'lease');
}

export interface TierCardProps {
  beat: CartBeat;
  tier: BeatTier;
  compact?: boolean;
  /** The card's heading level. */
  headingLevel?: 3 | 4;
}

/** One tier's card (a list item), for the screen's own list of offers. */
export function TierCard({ beat, tier, compact = false, headingLevel = 3 }: TierCardProps) {
  const upgrade = !tier.owned && tier.upgradePrice !== undefined && tier.upgradePrice < tier.price;
  return (
    <OfferCard
      icon={<FileAudio />}
      name={tier.name}
      price={formatPrice(upgrade ? tier.upgradePrice! : tier.price)}
      note={tierFilesText(tier)}
      extra={
        upgrade ? (
          <p className="tier-card__upgrade">
            Upgrade: you pay the difference ({formatPrice(tier.price)} less what your license cost)
          </p>
        ) : null
      }
      features={tier.summary}
      compact={compact}
      headingLevel={headingLevel}
      className="tier-card"
      actions={
        tier.owned ? (
          <p className="tier-card__owned">
            <Check aria-hidden="true" /> Already yours
          </p>
        ) : (
          <TierCartButton beat={beat} tier={tier} />
        )
      }
      terms={
        <Link className="tier-card__terms" to={tier.termsUrl}>
          Read the full license<span className="visually-hidden"> — {tier.name}</span>
        </Link>
      }
    />
  );
}

/** Add to Cart for one tier (or Remove From Cart while the beat is in the cart as this tier), for visitors too. */
function TierCartButton({ beat, tier }: { beat: CartBeat; tier: BeatTier }) {
  const cart = useCart();
  return <CartToggleButton beat={{ ...beat, price: tier.price }} cart={tierView(cart, { key: tier.key, name: tier.name })} offer={tier.name} />;
}

/** The beat cart as one tier's button sees it: in the cart only as this tier; adding puts it in (or moves its line) as this tier. */
export function tierView(cart: ReturnType<typeof useCart>, tier: TierToBuy): ToggleableCart {
  const key = typeof tier === 'object' ? tier.key : tier;
  return { ...cart, has: (beatId) => cart.hasTier(beatId, key), add: (beat) => cart.add(beat, tier) };
}
