/** An exclusive's minimum offer in the admin's beat editor (docs/product/exclusive-offers.md#the-minimum): dollars, or empty for none. */
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useBeatOfferTerms } from '../api/get-beat-offer-terms';
import { useSetMinimumOffer } from '../api/admin-offers';
import { AmountField, parseDollars } from './offer-fields';
import './offers.css';

export function MinimumOfferForm({ beatId }: { beatId: string }) {
  const terms = useBeatOfferTerms(beatId);
  if (!terms.data) return null;
  return <MinimumOfferFields beatId={beatId} saved={terms.data.minimumOffer} />;
}

function MinimumOfferFields({ beatId, saved }: { beatId: string; saved: number | null }) {
  const save = useSetMinimumOffer();
  const [value, setValue] = useState(saved === null ? '' : String(saved));
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minimumOffer = value.trim() === '' ? null : parseDollars(value);
    if (value.trim() !== '' && minimumOffer === null) {
      setProblem('Enter the minimum in dollars, or leave it empty for none.');
      return;
    }
    setProblem(null);
    save.mutate(
      { beatId, minimumOffer },
      {
        onSuccess: (terms) => setNote(terms.minimumOffer === null ? 'Any offer is taken now.' : 'Minimum offer saved.'),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <form className="offer-form offer-form--minimum" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className="offer-form__heading">
        Offers
      </h3>
      <AmountField
        label="Minimum offer (USD)"
        value={value}
        onChange={(text) => {
          setValue(text);
          setNote(null);
        }}
        hint="Offers below it are refused. Leave it empty to take any offer."
        error={problem}
      />
      <Button type="submit" size="sm" variant="secondary" disabled={save.isPending}>
        Save minimum
      </Button>
      {note && (
        <p className="offer-form__note" role="status">
          {note}
        </p>
      )}
    </form>
  );
}
