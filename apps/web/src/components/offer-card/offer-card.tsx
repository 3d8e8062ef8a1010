/**
 * One way to buy a beat, as a card in a list of offers: icon, name, price, a note, what it includes, its buttons, and
 * under them its license terms. The beat page shows the roomy look; the download modal the compact one.
 *
 *   <ul className="…"><OfferCard icon={<Layers />} name="Stems" price="$29.99" note="…" features={[…]} actions={…} /></ul>
 */
import { useId, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import { IconTile } from '../ui/icon-tile';
import './offer-card.css';

export interface OfferCardProps {
  /** A decorative lucide icon. */
  icon: ReactNode;
  /** The offer's name: the card's heading and its list item's accessible name. */
  name: string;
  price: string;
  note: string;
  features: readonly string[];
  actions: ReactNode;
  /** Shown between the note and the features (e.g. an exclusive's countdown). */
  extra?: ReactNode;
  /** Under the buttons: the offer's license terms (docs/product/licenses.md#terms). */
  terms?: ReactNode;
  /** The offer the screen leads with: accent border, glow and icon. */
  featured?: boolean;
  compact?: boolean;
  /** The heading's level in the screen's outline. */
  headingLevel?: 3 | 4;
  /** A look of the screen's own on top of the card's. */
  className?: string;
}

export function OfferCard({ icon, name, price, note, features, actions, extra, terms, featured = false, compact = false, headingLevel = 3, className: own }: OfferCardProps) {
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const className = ['card', 'offer-card', featured && 'offer-card--featured', compact && 'offer-card--compact', own].filter(Boolean).join(' ');
  return (
    <li className={className} aria-labelledby={id}>
      <div className="offer-card__head">
        <IconTile size={compact ? 'sm' : 'md'} tone={compact ? (featured ? 'accent' : 'sunken') : 'raised'}>
          {icon}
        </IconTile>
        <Heading id={id} className="offer-card__name">
          {name}
        </Heading>
        <p className="offer-card__price">{price}</p>
      </div>
      <p className="offer-card__note">{note}</p>
      {extra}
      <ul className="offer-card__features">
        {features.map((feature) => (
          <li key={feature}>
            <Check aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="offer-card__actions">{actions}</div>
      {terms}
    </li>
  );
}
