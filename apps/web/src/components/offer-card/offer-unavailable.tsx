/**
 * An offer this beat does not have, said once under the ones it has (docs/product/screens-and-words.md#download-modal):
 * the product's disabled button with its refusal, but no card and no price, so nothing among the buyable offers is dead.
 */
import type { ReactNode } from 'react';
import { Info } from 'lucide-react';
import { Button } from '../ui/button';

export function OfferUnavailable({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Button variant="ghost" disabled icon={<Info aria-hidden="true" />} className={['offer-unavailable', className].filter(Boolean).join(' ')}>
      {children}
    </Button>
  );
}
