/**
 * "Add to cart" offers for a beat of the VIP catalog: its MP3 lease (the beat's price, docs/product/offers-and-prices.md#primary-offer) and its stems.
 * Meant for the download/purchase modal; renders nothing when neither can be bought by this user.
 */
import { Check, FileAudio, Layers, ShoppingCart } from 'lucide-react';
import type { Beat } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { formatPrice } from '../../../lib/format';
import { useCart } from '../hooks/use-cart';
import { useStemsCart } from '../hooks/use-stems-cart';
import './cart-offers.css';

export interface CartOffersProps {
  beat: Beat;
  /** The user may already download the mp3 (lease, credit, VIP): no lease to sell. */
  ownsMp3: boolean;
  ownsStems: boolean;
}

export function CartOffers({ beat, ownsMp3, ownsStems }: CartOffersProps) {
  const cart = useCart();
  const stems = useStemsCart();
  const catalogBeat = beat.beatType === 'Non-Exclusive';
  const lease = catalogBeat && beat.price !== null && !ownsMp3;
  const stemsOffer = catalogBeat && beat.hasStems && !ownsStems;
  if (!lease && !stemsOffer) return null;

  const inCart = cart.has(beat._id);
  const stemsInCart = stems.has(beat._id);
  return (
    <section className="cart-offers" aria-labelledby={`cart-offers-${beat._id}`}>
      <h3 id={`cart-offers-${beat._id}`} className="cart-offers__title">
        Add to your cart
      </h3>
      <ul className="cart-offers__list">
        {lease && (
          <li className="cart-offers__item">
            <span className="cart-offers__icon" aria-hidden="true">
              <FileAudio />
            </span>
            <span className="cart-offers__text">
              <span className="cart-offers__name">MP3 lease</span>
              <span className="cart-offers__desc">MP3 file, non-exclusive licence</span>
            </span>
            <span className="cart-offers__price">{formatPrice(beat.price!)}</span>
            <Button
              size="sm"
              variant="secondary"
              icon={inCart ? <Check aria-hidden="true" /> : <ShoppingCart aria-hidden="true" />}
              busy={cart.pendingBeatId === beat._id}
              disabled={cart.isLoading}
              onClick={() => (inCart ? cart.remove(beat) : cart.add(beat))}
            >
              {inCart ? 'Remove From Cart' : 'Add to Cart'}
              <span className="visually-hidden">— MP3 lease of {beat.beatTitle}</span>
            </Button>
          </li>
        )}
        {stemsOffer && (
          <li className="cart-offers__item">
            <span className="cart-offers__icon" aria-hidden="true">
              <Layers />
            </span>
            <span className="cart-offers__text">
              <span className="cart-offers__name">Stems</span>
              <span className="cart-offers__desc">Collect stems in your cart and pay for them in one checkout</span>
            </span>
            {/* The stems price is on the Stems card of the modal; saying it twice would only add noise. */}
            <span className="cart-offers__price" aria-hidden="true" />
            <Button
              size="sm"
              variant="secondary"
              icon={stemsInCart ? <Check aria-hidden="true" /> : <ShoppingCart aria-hidden="true" />}
              busy={stems.pendingBeatId === beat._id}
              disabled={stems.isLoading}
              onClick={() => (stemsInCart ? stems.remove(beat) : stems.add(beat))}
            >
              {stemsInCart ? 'Remove From Cart' : 'Add to Cart'}
              <span className="visually-hidden">— stems of {beat.beatTitle}</span>
            </Button>
          </li>
        )}
      </ul>
    </section>
  );
}
