/**
 * One list's 'Order Summary' (docs/product/screens-and-words.md#cart): '{first title} and {n-1} more', subtotal, total,
 * the terms of each kind of license bought (docs/product/licenses.md#terms), the coupon code and Pay Now. For a signed-in
 * buyer it shows the server's quote (docs/product/deals.md): each line with what the bulk deal and the coupon took off,
 * the discounts, the total and, while the store's bulk deal is on, the stacking rule. Without a quote (a visitor, an
 * outage) it shows list prices.
 * Before the buyer selects anything it sums the whole list (`wholeList`) and says so; once a selection is emptied it says
 * so, and Pay Now responds with the product's message.
 */
import { ArrowRight, Lock } from 'lucide-react';
import { licenceOfferLabels, purchaseTypeLabels, type LicenceOffer, type TierRef } from '@beat/shared';
import { commerceMessages } from '@beat/shared/messages';
import { Button } from '../../../components/ui/button';
import { formatPrice } from '../../../lib/format';
import { CouponField, type CouponFieldProps } from './coupon-field';
import { LicenseTermsSummary } from './licence-terms-summary';

export interface SummaryLine {
  beatTitle: string;
  /** Which of the fixed offers the line sells. */
  offer: LicenceOffer;
  /** The licence tier the line buys (a WAV Lease is a lease whose terms are the tier's). */
  tier?: TierRef;
  price: number | null;
}

/** Whose terms a selection buys, each once: a line's tier's, else its offer's; by the store's order of offers, then the lines'. */
export function termsBought(selected: SummaryLine[]): TierRef[] {
  const order: LicenceOffer[] = ['lease', 'exclusive', 'stems', 'vipPlan', 'credit'];
  const byOffer = [...selected].sort((a, b) => order.indexOf(a.offer) - order.indexOf(b.offer));
  const terms = new Map<string, TierRef>();
  for (const line of byOffer) {
    const ref = line.tier ?? { key: line.offer, name: licenceOfferLabels[line.offer] };
    if (!terms.has(ref.key)) terms.set(ref.key, ref);
  }
  return [...terms.values()];
}

export interface OrderSummaryProps {
  /** Names the panel for assistive technology: "Beats" or "Stems". */
  listName: string;
  selected: SummaryLine[];
  /** Nothing was selected yet: `selected` is the whole list, which Pay Now buys. */
  wholeList?: boolean;
  onPay: () => void;
  busy: boolean;
  /** The coupon code and, for a signed-in buyer, the quote; without it no coupon field. */
  deals?: SummaryDeals;
}

/** A list's coupon code and quote: what its coupon field shows, and what the summary prices with. */
export type SummaryDeals = CouponFieldProps;

/** "−$3.00": an amount taken off. */
const off = (amount: number) => `\u2212${formatPrice(amount)}`;

/** "Night Drive and 2 more" — the summary of a selection (docs/product/screens-and-words.md#cart). */
export function summaryTitle(selected: SummaryLine[]): string {
  const [first, ...rest] = selected;
  if (!first) return '';
  return rest.length === 0 ? first.beatTitle : `${first.beatTitle} and ${rest.length} more`;
}

export function OrderSummary({ listName, selected, wholeList = false, onPay, busy, deals }: OrderSummaryProps) {
  const listSubtotal = selected.reduce((sum, line) => sum + (line.price ?? 0), 0);
  const headingId = `summary-${listName.toLowerCase()}`;
  const quote = selected.length > 0 ? (deals?.quote ?? null) : null;
  const subtotal = quote?.subtotal ?? listSubtotal;
  const total = quote?.total ?? listSubtotal;
  const explained = quote && quote.lines.some((line) => line.notes.length > 0 || line.total !== line.price);
  return (
    <aside className="card cart-summary" aria-labelledby={headingId}>
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
      {deals && selected.length > 0 && (
        <CouponField
          code={deals.code}
          quote={quote}
          updating={deals.updating}
          checkedAtLogin={deals.checkedAtLogin}
          onApply={deals.onApply}
          onRemove={deals.onRemove}
        />
      )}
      {explained && (
        <ul className="cart-quote" aria-label={`Price of each item — ${listName}`} aria-busy={deals?.updating || undefined}>
          {quote.lines.map((line) => (
            <li key={line.beatId} className="cart-quote__line">
              <span className="cart-quote__title">
                {line.title} <span className="cart-quote__kind">{purchaseTypeLabels[line.kind]}</span>
              </span>
              <span className="cart-quote__amount">
                {line.total !== line.price && (
                  <>
                    <span className="visually-hidden">List price </span>
                    <s className="cart-quote__was">{formatPrice(line.price)}</s>
                    <span className="visually-hidden">, you pay </span>
                  </>
                )}
                <span>{formatPrice(line.total)}</span>
              </span>
              {line.notes.length > 0 && (
                <span className="cart-quote__notes">
                  {line.notes.map((note) => (
                    <span key={note} className="cart-quote__note">
                      {note}
                    </span>
                  ))}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <dl className="cart-summary__lines" aria-busy={deals?.updating || undefined}>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatPrice(subtotal)}</dd>
        </div>
        {quote && quote.bulkDiscount > 0 && (
          <div className="cart-summary__discount">
            <dt>Bulk deal{quote.bulkDeal ? ` (${quote.bulkDeal.label})` : ''}</dt>
            <dd>{off(quote.bulkDiscount)}</dd>
          </div>
        )}
        {quote && quote.couponDiscount > 0 && (
          <div className="cart-summary__discount">
            <dt>Coupon {quote.coupon?.code}</dt>
            <dd>{off(quote.couponDiscount)}</dd>
          </div>
        )}
        <div className="cart-summary__total">
          <dt>Total</dt>
          <dd>{formatPrice(total)}</dd>
        </div>
      </dl>
      {/* The rule says how the bulk deal and a coupon combine: only worth reading while the store's bulk deal is on. */}
      {quote?.bulkDeal && <p className="cart-summary__rule">{quote.rule}</p>}
      {selected.length > 0 && (
        <div className="cart-summary__terms">
          {termsBought(selected).map((terms) => (
            <LicenseTermsSummary key={terms.key} offer={terms.key} name={terms.name} collapsible label={`${terms.name} license terms`} />
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
