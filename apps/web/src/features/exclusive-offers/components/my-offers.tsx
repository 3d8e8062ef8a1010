/**
 * The dashboard's "Offers" (docs/product/exclusive-offers.md#the-buyers-offers): each offer with where it stands; a
 * counter to accept or decline, an accepted offer to pay before its time, an unanswered one to withdraw.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { offerStateLabels, type ExclusiveOffer } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { beatPath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAnswerOffer, type BuyerStep } from '../api/answer-offer';
import { useMyOffers } from '../api/get-my-offers';
import { usePayOffer } from '../api/pay-offer';
import { formatOfferTime } from './offer-time';
import './offers.css';

export function MyOffers() {
  const headingId = useId();
  const offers = useMyOffers();
  return (
    <section className="offers" id="offers" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading offers__title">
        Offers
      </h2>
      {offers.isPending ? (
        <p role="status">Loading your offers…</p>
      ) : offers.isError ? (
        <p role="alert">{errorMessage(offers.error, 'Your offers could not be loaded.')}</p>
      ) : offers.data.length === 0 ? (
        <p className="offers__empty">You have made no offers yet. An exclusive’s page has “Make an offer”.</p>
      ) : (
        <ul className="offers__list">
          {offers.data.map((offer) => (
            <li key={offer._id}>
              <MyOffer offer={offer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MyOffer({ offer }: { offer: ExclusiveOffer }) {
  const answer = useAnswerOffer();
  const pay = usePayOffer();
  const act = (step: BuyerStep, done: string) => answer.mutate(step, { onSuccess: () => toast.success(done), onError: (error) => toast.error(errorMessage(error)) });
  const busy = answer.isPending || pay.isPending;
  return (
    <article className="eo-card" aria-label={`Offer on ${offer.beatTitle}`}>
      <div className="eo-card__head">
        <Link to={beatPath(offer.beatSlug)} className="eo-card__beat">
          {offer.beatTitle}
        </Link>
        <span className={`offer-state offer-state--${offer.state}`}>{offerStateLabels[offer.state]}</span>
      </div>
      <p className="eo-card__line">
        Your offer: <strong>{formatPrice(offer.amount)}</strong>
        {offer.listPrice !== null && <> · list price {formatPrice(offer.listPrice)}</>}
      </p>
      {offer.counterAmount !== null && (
        <p className="eo-card__line">
          Producer’s counter: <strong>{formatPrice(offer.counterAmount)}</strong>
          {offer.counterMessage && <> · “{offer.counterMessage}”</>}
        </p>
      )}
      {offer.state === 'declined' && offer.declinedBy === 'producer' && offer.counterMessage && offer.counterAmount === null && (
        <p className="eo-card__line">Producer’s message: “{offer.counterMessage}”</p>
      )}
      {offer.state === 'accepted' && offer.agreedAmount !== null && offer.payBefore && (
        <p className="eo-card__line">
          Pay <strong>{formatPrice(offer.agreedAmount)}</strong> before <time dateTime={offer.payBefore}>{formatOfferTime(offer.payBefore)}</time>; the beat is held for you until then.
        </p>
      )}
      <div className="eo-card__actions">
        {offer.state === 'countered' && (
          <>
            <Button size="sm" disabled={busy} onClick={() => act({ offerId: offer._id, step: 'answer', answer: 'accept' }, 'Counter accepted: you can pay it now.')}>
              Accept {formatPrice(offer.counterAmount!)}
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => act({ offerId: offer._id, step: 'answer', answer: 'decline' }, 'Counter declined.')}>
              Decline counter
            </Button>
          </>
        )}
        {offer.state === 'accepted' && (
          <Button size="sm" disabled={busy} onClick={() => pay.mutate(offer._id, { onError: (error) => toast.error(errorMessage(error)) })}>
            {pay.isPending ? 'Opening the checkout…' : `Pay ${formatPrice(offer.agreedAmount!)}`}
          </Button>
        )}
        {offer.state === 'open' && (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => act({ offerId: offer._id, step: 'withdraw' }, 'Offer withdrawn.')}>
            Withdraw offer
          </Button>
        )}
      </div>
    </article>
  );
}
