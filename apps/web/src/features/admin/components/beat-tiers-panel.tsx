/**
 * The beat form's "License tiers" (docs/product/licenses.md#tiers): each of the store's tiers for this beat, with what
 * a buyer pays for it or why the beat does not offer it, and for each tier but the MP3 Lease and the Exclusive the
 * beat's own price (empty: the tier's default) and its switch, saved row by row.
 */
import { useId, useState } from 'react';
import { isBuiltInTier, type AdminBeatTier } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { useAdminBeatTiers } from '../api/get-admin-beat-tiers';
import { useSetBeatTier } from '../api/set-beat-tier';
import { formatMoney } from '../lib/format';
import { usePriceForm } from '../hooks/use-price-form';
import { priceText } from '../lib/tier-draft';
import { FormOutcome } from './form-outcome';
import { QueryContent } from './query-content';
import './admin-forms.css';
import './tiers.css';

export function BeatTiersPanel({ beatId }: { beatId: string }) {
  const headingId = useId();
  const tiers = useAdminBeatTiers(beatId);
  return (
    <section className="beat-tiers" aria-labelledby={headingId}>
      <div>
        <h3 id={headingId} className="beat-tiers__title">
          License tiers
        </h3>
        <p className="field__hint">
          What this beat is sold as. Each tier is saved on its own; an empty price uses the tier&rsquo;s default.
        </p>
      </div>
      <QueryContent query={tiers} errorLead="The beat's tiers could not be loaded" loadingLabel="Loading the beat's tiers">
        {(data) => (
          <ul className="beat-tiers__list">
            {data.tiers.map((tier) => (
              <li key={tier.key} className="beat-tier">
                {isBuiltInTier(tier.key) ? <BuiltInTierRow tier={tier} /> : <BeatTierForm beatId={beatId} tier={tier} />}
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </section>
  );
}

/** "Offered at $49.99", or "Not offered: This beat has no WAV file." */
function Standing({ tier }: { tier: AdminBeatTier }) {
  return tier.offered && tier.effectivePrice !== null ? (
    <p className="beat-tier__standing is-offered">Offered at {formatMoney(tier.effectivePrice)}</p>
  ) : (
    <p className="beat-tier__standing is-not-offered">Not offered: {tier.reason ?? 'it has no price.'}</p>
  );
}

/** The MP3 Lease and the Exclusive: priced by the beat's own price, set in the form above, and never switched off. */
function BuiltInTierRow({ tier }: { tier: AdminBeatTier }) {
  return (
    <div className="beat-tier__row">
      <div className="beat-tier__head">
        <h4 className="beat-tier__name">{tier.name}</h4>
        <Standing tier={tier} />
      </div>
      <p className="field__hint beat-tier__fixed">Its price is the beat&rsquo;s own price, set with the beat&rsquo;s details above; it cannot be switched off here.</p>
    </div>
  );
}

function BeatTierForm({ beatId, tier }: { beatId: string; tier: AdminBeatTier }) {
  const save = useSetBeatTier(beatId);
  const [price, setPrice] = useState(priceText(tier.price));
  const [enabled, setEnabled] = useState(tier.enabled);
  const form = usePriceForm(price, async (parsed) => {
    await save.mutateAsync({ beatId, key: tier.key, body: { price: parsed, enabled } });
    return `${tier.name} saved.`;
  });

  const edited = form.clearSaved;
  return (
    <form className="beat-tier__row" aria-label={`${tier.name} for this beat`} onSubmit={form.onSubmit} noValidate aria-busy={save.isPending || undefined}>
      <div className="beat-tier__head">
        <h4 className="beat-tier__name">{tier.name}</h4>
        <Standing tier={tier} />
      </div>
      <div className="beat-tier__controls">
        <TextField
          className="beat-tier__price"
          label={
            <>
              Price<span className="visually-hidden"> of the {tier.name}</span>
            </>
          }
          inputMode="decimal"
          placeholder={tier.defaultPrice === null ? 'No default' : `Default ${priceText(tier.defaultPrice)}`}
          icon={<span className="tier-fields__currency">$</span>}
          value={price}
          error={form.priceError}
          onChange={(event) => {
            setPrice(event.currentTarget.value);
            edited();
          }}
        />
        <Checkbox
          label={
            <>
              Offer<span className="visually-hidden"> the {tier.name}</span> for this beat
            </>
          }
          checked={enabled}
          onChange={(event) => {
            setEnabled(event.currentTarget.checked);
            edited();
          }}
        />
        <Button type="submit" variant="secondary" busy={save.isPending} busyLabel="Saving...">
          Save<span className="visually-hidden"> {tier.name}</span>
        </Button>
      </div>
      <FormOutcome failure={form.failure} saved={form.saved} />
    </form>
  );
}
