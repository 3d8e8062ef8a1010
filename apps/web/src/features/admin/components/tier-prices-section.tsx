/**
 * Admin → Licenses, "Set a tier's price on many beats" (docs/product/licenses.md#tiers): one price for one tier on the
 * chosen beats, or empty to send them back to the tier's default. The MP3 Lease and the Exclusive are priced by each
 * beat's own price, so they are not offered here.
 */
import { useId, useState } from 'react';
import { isBuiltInTier } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useAdminTiers } from '../api/get-admin-tiers';
import { useSetTierPrices } from '../api/set-tier-prices';
import { formatMoney } from '../lib/format';
import { usePriceForm } from '../hooks/use-price-form';
import { BeatPicker, type PickedBeat } from './beat-picker';
import { FormOutcome } from './form-outcome';
import { SelectField } from './select-field';
import './admin-forms.css';
import './admin-table.css';
import './deals.css';
import './tiers.css';

export function TierPricesSection() {
  const id = useId();
  const tiers = (useAdminTiers().data?.tiers ?? []).filter((t) => !isBuiltInTier(t.key));
  const apply = useSetTierPrices();
  const [key, setKey] = useState('');
  const [price, setPrice] = useState('');
  const [beats, setBeats] = useState<PickedBeat[]>([]);
  const tier = tiers.find((t) => t.key === key) ?? tiers[0];
  const form = usePriceForm(price, async (parsed) => {
    if (!tier) return '';
    const updated = await apply.mutateAsync({ key: tier.key, body: { beatIds: beats.map((b) => b._id), price: parsed } });
    setBeats([]);
    const what = parsed === null ? 'back to its default price' : `priced ${formatMoney(parsed)}`;
    return `${tier.name} ${what} on ${updated} ${updated === 1 ? 'beat' : 'beats'}.`;
  });

  return (
    <section className="admin-card" aria-labelledby={`${id}-heading`}>
      <div>
        <h2 id={`${id}-heading`} className="admin-card__title">
          Set a tier&rsquo;s price on many beats
        </h2>
        <p className="admin-card__lead">
          The chosen beats sell the tier at this price instead of its default. Leave the price empty to send them back to the default. The MP3
          Lease and the Exclusive follow each beat&rsquo;s own price.
        </p>
      </div>
      <form className="admin-form tier-prices" onSubmit={form.onSubmit} noValidate aria-busy={apply.isPending || undefined}>
        <div className="tier-fields">
          <SelectField
            label="Tier"
            options={tiers.map((t) => ({ value: t.key, label: t.active ? t.name : `${t.name} (off)` }))}
            value={tier?.key ?? ''}
            onChange={(event) => setKey(event.currentTarget.value)}
          />
          <TextField
            label="Price"
            inputMode="decimal"
            placeholder={tier?.defaultPrice != null ? `Default ${tier.defaultPrice.toFixed(2)}` : 'e.g. 49.99'}
            icon={<span className="tier-fields__currency">$</span>}
            value={price}
            error={form.priceError}
            onChange={(event) => setPrice(event.currentTarget.value)}
          />
        </div>
        <BeatPicker id={`${id}-beats`} chosen={beats} onChange={setBeats} />
        <div className="form-actions">
          <Button type="submit" busy={apply.isPending} busyLabel="Applying..." disabled={!tier}>
            Apply to {beats.length} {beats.length === 1 ? 'beat' : 'beats'}
          </Button>
        </div>
        <FormOutcome failure={form.failure} saved={form.saved} />
      </form>
    </section>
  );
}
