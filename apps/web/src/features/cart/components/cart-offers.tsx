/**
 * "Add to cart" offers for a beat of the VIP catalog: its MP3 lease (the beat's price, docs/product/offers-and-prices.md#primary-offer) and its stems.
 * Meant for the download/purchase modal; renders nothing when neither can be bought by this user.
 */
import { FileAudio, Layers } from 'lucide-react';
import type { Beat } from '@beat/shared';
import { IconTile } from '../../../components/ui/icon-tile';
import { formatPrice } from '../../../lib/format';
import { useCart } from '../hooks/use-cart';
import { useStemsCart } from '../hooks/use-stems-cart';
import { CartToggleButton } from './cart-toggle-button';
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

  return (
    <section className="cart-offers" aria-labelledby={`cart-offers-${beat._id}`}>
      <h3 id={`cart-offers-${beat._id}`} className="cart-offers__title">
        Add to your cart
      </h3>
      <ul className="cart-offers__list">
        {lease && (
          <li className="cart-offers__item">
            <IconTile size="sm">
              <FileAudio />
            </IconTile>
            <span className="cart-offers__text">
              <span className="cart-offers__name">MP3 lease</span>
              <span className="cart-offers__desc">MP3 file, non-exclusive license</span>
            </span>
            <span className="cart-offers__price">{formatPrice(beat.price!)}</span>
            <CartToggleButton beat={beat} cart={cart} offer="MP3 lease" size="sm" />
          </li>
        )}
        {stemsOffer && (
          <li className="cart-offers__item">
            <IconTile size="sm">
              <Layers />
            </IconTile>
            <span className="cart-offers__text">
              <span className="cart-offers__name">Stems</span>
              <span className="cart-offers__desc">Collect stems in your cart and pay for them in one checkout</span>
            </span>
            {/* The stems price is on the Stems card of the modal; saying it twice would only add noise. */}
            <span className="cart-offers__price" aria-hidden="true" />
            <CartToggleButton beat={beat} cart={stems} offer="stems" size="sm" />
          </li>
        )}
      </ul>
    </section>
  );
}
