/**
 * "Make an offer" on an exclusive's page (docs/product/exclusive-offers.md#making-an-offer): the amount and an optional
 * message, the beat's minimum shown, the server's refusal shown as it words it. A buyer with a live offer on the beat
 * sees where it stands instead (a new offer too, once sent); a visitor is asked to log in.
 */
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { liveOfferStates, offerStateLabels, type Beat } from '@beat/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths, withReturnUrl } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { useAuth } from '../../auth';
import { useBeatOfferTerms } from '../api/get-beat-offer-terms';
import { useMyOffers } from '../api/get-my-offers';
import { useMakeOffer } from '../api/make-offer';
import { AmountField, MessageField, parseDollars } from './offer-fields';
import './offers.css';

export function MakeOffer({ beat }: { beat: Pick<Beat, '_id' | 'beatTitle'> }) {
  const headingId = useId();
  const { isAuthenticated } = useAuth();
  const terms = useBeatOfferTerms(beat._id);
  const mine = useMyOffers(isAuthenticated);
  const location = useLocation();
  if (!terms.data?.takesOffers) return null;
  const live = mine.data?.find((offer) => offer.beatId === beat._id && (liveOfferStates as readonly string[]).includes(offer.state));

  return (
    <section className="offer-box" aria-labelledby={headingId}>
      <h2 id={headingId} className="offer-box__title">
        Make an offer
      </h2>
      <p className="offer-box__lead">
        Propose your price for the exclusive license. The producer accepts, declines or counters; an accepted offer can be paid for 48 hours, and the beat is
        held for you meanwhile.
        {terms.data.minimumOffer !== null && <> The minimum offer is {formatPrice(terms.data.minimumOffer)}.</>}
      </p>
      {!isAuthenticated ? (
        <ButtonLink to={withReturnUrl(paths.login, location.pathname)} variant="secondary">
          Log in to make an offer
        </ButtonLink>
      ) : live ? (
        <p className="offer-box__status" role="status">
          Your offer of {formatPrice(live.amount)}: {offerStateLabels[live.state]}. We e-mail you at each step.{' '}
          <a href={`${paths.userDashboard}#offers`}>See it on your dashboard</a>.
        </p>
      ) : (
        <OfferForm beatId={beat._id} minimum={terms.data.minimumOffer} />
      )}
    </section>
  );
}

function OfferForm({ beatId, minimum }: { beatId: string; minimum: number | null }) {
  const make = useMakeOffer();
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dollars = parseDollars(amount);
    if (dollars === null) {
      setProblem('Enter your offer in dollars, e.g. 350.');
      return;
    }
    setProblem(null);
    make.mutate({ beatId, amount: dollars, message: message.trim() || undefined }, { onError: (error) => setProblem(errorMessage(error)) });
  };

  return (
    <form className="offer-form" onSubmit={submit} noValidate>
      <AmountField label="Your offer (USD)" value={amount} onChange={setAmount} error={problem} hint={minimum !== null ? `At least ${formatPrice(minimum)}.` : undefined} />
      <MessageField label="Message to the producer (optional)" value={message} onChange={setMessage} />
      <Button type="submit" disabled={make.isPending}>
        {make.isPending ? 'Sending…' : 'Send offer'}
      </Button>
    </form>
  );
}
