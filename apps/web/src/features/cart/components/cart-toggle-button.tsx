/**
 * The "Add to Cart" / "Remove From Cart" button of one offer of a beat: its lease (useCart) or its stems (useStemsCart).
 * Clicked before the account's cart has loaded, it shows that it is busy and acts once the cart is in
 * (docs/product/screens-and-words.md#busy-controls).
 */
import { Check, ShoppingCart } from 'lucide-react';
import { commerceMessages } from '@beat/shared/messages';
import { useDeferredAction } from '../../../hooks/use-deferred-action';
import { Button, type ButtonProps } from '../../../components/ui/button';
import type { CartBeat } from '../hooks/use-cart';

/** The part of useCart() or useStemsCart() the button needs. */
export interface ToggleableCart {
  has: (beatId: string) => boolean;
  add: (beat: CartBeat) => void;
  remove: (beat: CartBeat) => void;
  pendingBeatId: string | undefined;
  isLoading: boolean;
  isError?: boolean;
}

export interface CartToggleButtonProps extends Pick<ButtonProps, 'variant' | 'size'> {
  beat: CartBeat;
  cart: ToggleableCart;
  /** Read after the label by screen readers ("— stems of <title>") where a screen has more than one such button. */
  offer?: string;
}

export function CartToggleButton({ beat, cart, offer, variant = 'secondary', size }: CartToggleButtonProps) {
  const inCart = cart.has(beat._id);
  // What the button said when clicked: an "Add to Cart" that waited for the cart adds, and never removes.
  const click = useDeferredAction(
    (add: boolean) => {
      if (add && !cart.has(beat._id)) cart.add(beat);
      else if (!add && cart.has(beat._id)) cart.remove(beat);
    },
    { ready: !cart.isLoading, failure: cart.isError ? commerceMessages.failedToAddToCart : null },
  );
  return (
    <Button
      variant={variant}
      size={size}
      icon={inCart ? <Check aria-hidden="true" /> : <ShoppingCart aria-hidden="true" />}
      busy={cart.pendingBeatId === beat._id || click.waiting}
      onClick={() => click.run(!inCart)}
    >
      {inCart ? 'Remove From Cart' : 'Add to Cart'}
      {offer !== undefined && (
        <span className="visually-hidden">
          {' '}
          — {offer} of {beat.beatTitle}
        </span>
      )}
    </Button>
  );
}
