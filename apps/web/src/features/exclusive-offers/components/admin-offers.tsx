/**
 * Admin → Offers (docs/product/exclusive-offers.md#admin--offers): every offer, newest first, filtered by state; an open
 * offer is accepted, declined or countered (one amount and a message).
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { adminOfferStateLabels, exclusiveOfferStates, type ExclusiveOffer, type ExclusiveOfferState } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { beatPath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAdminOffers, useAnswerAsProducer } from '../api/admin-offers';
import { formatOfferTime } from './offer-time';
import { AmountField, MessageField, parseDollars } from './offer-fields';
import './offers.css';

export function AdminOffers() {
  const [state, setState] = useState<ExclusiveOfferState | ''>('open');
  const offers = useAdminOffers(state);
  const filterId = useId();
  const headingId = useId();
  return (
    <section className="offers" aria-labelledby={headingId}>
      <div className="offers__toolbar">
        <h2 id={headingId} className="section-heading offers__title">
          {state ? adminOfferStateLabels[state] : 'All offers'}
        </h2>
        <div className="offers__filter">
          <label htmlFor={filterId}>Show</label>
          <select id={filterId} value={state} onChange={(event) => setState(event.currentTarget.value as ExclusiveOfferState | '')}>
            <option value="">All offers</option>
            {exclusiveOfferStates.map((s) => (
              <option key={s} value={s}>
                {adminOfferStateLabels[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {offers.isPending ? (
        <p role="status">Loading offers…</p>
      ) : offers.isError ? (
        <p role="alert">{errorMessage(offers.error, 'The offers could not be loaded.')}</p>
      ) : offers.data.length === 0 ? (
        <p className="offers__empty">No offers here.</p>
      ) : (
        <ul className="offers__list">
          {offers.data.map((offer) => (
            <li key={offer._id}>
              <AdminOffer offer={offer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AdminOffer({ offer }: { offer: ExclusiveOffer }) {
  const answer = useAnswerAsProducer();
  const [counterAmount, setCounterAmount] = useState('');
  const [counterMessage, setCounterMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = (words: string) => ({ onSuccess: () => toast.success(words), onError: (error: Error) => toast.error(errorMessage(error)) });

  const counter = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseDollars(counterAmount);
    if (amount === null) {
      setProblem('Enter the counter in dollars, e.g. 450.');
      return;
    }
    setProblem(null);
    answer.mutate(
      { offerId: offer._id, body: { answer: 'counter', amount, message: counterMessage.trim() || undefined } },
      { onSuccess: () => toast.success('Counter sent.'), onError: (error) => setProblem(errorMessage(error)) },
    );
  };

  return (
    <article className="eo-card" aria-label={`Offer on ${offer.beatTitle} from ${offer.buyer.name || offer.buyer.email}`}>
      <div className="eo-card__head">
        <Link to={beatPath(offer.beatSlug)} className="eo-card__beat">
          {offer.beatTitle}
        </Link>
        <span className={`offer-state offer-state--${offer.state}`}>{adminOfferStateLabels[offer.state]}</span>
      </div>
      <p className="eo-card__line">
        {offer.buyer.name || offer.buyer.email} &lt;{offer.buyer.email}&gt; offers <strong>{formatPrice(offer.amount)}</strong>
        {offer.listPrice !== null && <> · list price {formatPrice(offer.listPrice)}</>} · <time dateTime={offer.createdAt}>{formatOfferTime(offer.createdAt)}</time>
      </p>
      {offer.message && <p className="eo-card__line">“{offer.message}”</p>}
      {offer.counterAmount !== null && (
        <p className="eo-card__line">
          Your counter: <strong>{formatPrice(offer.counterAmount)}</strong>
          {offer.counterMessage && <> · “{offer.counterMessage}”</>}
        </p>
      )}
      {offer.state === 'accepted' && offer.agreedAmount !== null && offer.payBefore && (
        <p className="eo-card__line">
          {formatPrice(offer.agreedAmount)} to pay before <time dateTime={offer.payBefore}>{formatOfferTime(offer.payBefore)}</time>.
        </p>
      )}
      {offer.state === 'open' && (
        <>
          <div className="eo-card__actions">
            <Button size="sm" disabled={answer.isPending} onClick={() => answer.mutate({ offerId: offer._id, body: { answer: 'accept' } }, done('Offer accepted.'))}>
              Accept {formatPrice(offer.amount)}
            </Button>
            <Button size="sm" variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate({ offerId: offer._id, body: { answer: 'decline' } }, done('Offer declined.'))}>
              Decline
            </Button>
          </div>
          <form className="offer-form offer-form--counter" onSubmit={counter} noValidate aria-label={`Counter the offer on ${offer.beatTitle}`}>
            <AmountField label="Counter amount (USD)" value={counterAmount} onChange={setCounterAmount} error={problem} />
            <MessageField label="Message to the buyer (optional)" value={counterMessage} onChange={setCounterMessage} rows={2} />
            <Button type="submit" size="sm" variant="secondary" disabled={answer.isPending}>
              Send counter
            </Button>
          </form>
        </>
      )}
    </article>
  );
}
