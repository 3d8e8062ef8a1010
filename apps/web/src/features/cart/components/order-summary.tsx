/**
 * One list's 'Order Summary' (docs/product/screens-and-words.md#cart): '{first title} and {n-1} more', subtotal, total,
 * the terms of each kind of license bought (docs/product/licenses.md#terms) and Pay Now.
 * Before the buyer selects anything it sums the whole list (`wholeList`) and says so; once a selection is emptied it says
 * so, and Pay Now answers with the product's message.
 */
import { ArrowRight, Lock } from 'lucide-react';
import { licenceOfferLabels, type LicenceOffer } from '@beat/shared';
import { commerceMessages } from '@beat/shared/messages';
import { Button } from '../../../components/ui/button';
import { formatPrice } from '../../../lib/format';
import { LicenseTermsSummary } from './licence-terms-summary';

export interface SummaryLine {
  beatTitle: string;
  /** Whose terms the line sells. */
  offer: LicenceOffer;
  price: number | null;
}

/** The kinds of license a selection buys, each once, in the order the store lists its offers. */
export function offersBought(selected: SummaryLine[]): LicenceOffer[] {
  const order: LicenceOffer[] = ['lease', 'exclusive', 'stems', 'vipPlan', 'credit'];
  return order.filter((offer) => selected.some((line) => line.offer === offer));
}

export interface OrderSummaryProps {
  /** Names the panel for assistive technology: "Beats" or "Stems". */
  listName: string;
  selected: SummaryLine[];
  /** Nothing was selected yet: `selected` is the whole list, which Pay Now buys. */
  wholeList?: boolean;
  onPay: () => void;
  busy: boolean;
}

/** "Night Drive and 2 more" — the summary of a selection (docs/product/screens-and-words.md#cart). */
export function summaryTitle(selected: SummaryLine[]): string {
  const [first, ...rest] = selected;
  if (!first) return '';
  return rest.length === 0 ? first.beatTitle : `${first.beatTitle} and ${rest.length} more`;
}

export function OrderSummary({ listName, selected, wholeList = false, onPay, busy }: OrderSummaryProps) {
  const subtotal = selected.reduce((sum, line) => sum + (line.price ?? 0), 0);
  const headingId = `summary-${listName.toLowerCase()}`;
  return (
    <aside className="cart-summary" aria-labelledby={headingId}>
      <h3 id={headingId} className="cart-summary__title">
        {commerceMessages.orderSummary}
        <span className="visually-hidden"> — {listName}</span>
      </h3>
      {selected.length > 0 ? (
        <>
          <p className="cart-summary__items" data-testid={`summary-items-${listName.toLowerCase()}`}>
            {summaryTitle(selected)}
          </p>
          {wholeList && (
            <p className="cart-summary__scope">
              {selected.length === 1 ? 'The whole list.' : `All ${selected.length} items.`} Select items to buy only some of them.
            </p>
          )}
        </>
      ) : (
        <p className="cart-summary__empty">Select the items you want to buy.</p>
      )}
      <dl className="cart-summary__lines">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatPrice(subtotal)}</dd>
        </div>
        <div className="cart-summary__total">
          <dt>Total</dt>
          <dd>{formatPrice(subtotal)}</dd>
        </div>
      </dl>
      {selected.length > 0 && (
        <div className="cart-summary__terms">
          {offersBought(selected).map((offer) => (
            <LicenseTermsSummary key={offer} offer={offer} collapsible label={`${licenceOfferLabels[offer]} license terms`} />
          ))}
        </div>
      )}
      <Button
        block
        size="lg"
        busy={busy}
        busyLabel="Opening checkout..."
        iconEnd={<ArrowRight aria-hidden="true" />}
        onClick={onPay}
        aria-describedby={`${headingId}-note`}
      >
        Pay Now
      </Button>
      <p id={`${headingId}-note`} className="cart-summary__note">
        <Lock aria-hidden="true" />
        Secure card checkout. Prices are confirmed by the store at checkout.
      </p>
    </aside>
  );
}
