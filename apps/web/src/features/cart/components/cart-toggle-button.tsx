/** The "Add to Cart" / "Remove From Cart" button of one offer of a beat: its lease (useCart) or its stems (useStemsCart). */
import { Check, ShoppingCart } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import type { CartBeat } from '../hooks/use-cart';

/** The part of useCart() or useStemsCart() the button needs. */
export interface ToggleableCart {
  has: (beatId: string) => boolean;
  add: (beat: CartBeat) => void;
  remove: (beat: CartBeat) => void;
  pendingBeatId: string | undefined;
  isLoading: boolean;
}

export interface CartToggleButtonProps extends Pick<ButtonProps, 'variant' | 'size'> {
  beat: CartBeat;
  cart: ToggleableCart;
  /** Read after the label by screen readers ("— stems of <title>") where a screen has more than one such button. */
  offer?: string;
}

export function CartToggleButton({ beat, cart, offer, variant = 'secondary', size }: CartToggleButtonProps) {
  const inCart = cart.has(beat._id);
  return (
    <Button
      variant={variant}
      size={size}
      icon={inCart ? <Check aria-hidden="true" /> : <ShoppingCart aria-hidden="true" />}
      busy={cart.pendingBeatId === beat._id}
      disabled={cart.isLoading}
      onClick={() => (inCart ? cart.remove(beat) : cart.add(beat))}
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
