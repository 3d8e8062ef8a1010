/**
 * New coupon / Edit coupon (Admin → Deals): code, percent or fixed amount, what it applies to (the whole store, chosen
 * beats, chosen offers), when it runs, how often it may be used and the minimum order. The form checks with the same
 * schema as the server; the server's own refusal (a code already taken: 409) is shown in the form, the admin's input kept.
 */
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { Coupon } from '@beat/shared';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldMessages } from '../../../components/ui/field-messages';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useSaveCoupon } from '../api/save-coupon';
import { offerChoices, parseCouponDraft, toCouponDraft, type CouponDraft, type CouponField } from '../lib/coupon-draft';
import { BeatPicker } from './beat-picker';
import { FormModal } from './form-modal';
import { SelectField } from './select-field';
import { FormFailure } from './form-outcome';
import './admin-forms.css';
import './deals.css';

const FORM_ID = 'admin-coupon-form';

const kindOptions = [
  { value: 'percent', label: 'Percent' },
  { value: 'fixed', label: 'Fixed amount' },
];
const scopeOptions = [
  { value: 'store', label: 'Whole store' },
  { value: 'beats', label: 'Chosen beats' },
  { value: 'offers', label: 'Chosen offers' },
];

export function CouponFormModal({ coupon, open, onClose }: { coupon: Coupon | null; open: boolean; onClose: () => void }) {
  const save = useSaveCoupon();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}
      size="lg"
      formId={FORM_ID}
      submitLabel={coupon ? 'Save coupon' : 'Create coupon'}
      busy={save.isPending}
      busyLabel="Saving..."
    >
      <CouponForm coupon={coupon} onSaved={onClose} save={save} />
    </FormModal>
  );
}

function CouponForm({ coupon, onSaved, save }: { coupon: Coupon | null; onSaved: () => void; save: ReturnType<typeof useSaveCoupon> }) {
  const id = useId();
  const [draft, setDraft] = useState<CouponDraft>(() => toCouponDraft(coupon, (beatId) => `Beat ${beatId.slice(-6)}`));
  const [errors, setErrors] = useState<Partial<Record<CouponField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function edit(next: Partial<CouponDraft>) {
    setDraft((d) => ({ ...d, ...next }));
    const touched = Object.keys(next).map((k) => (k === 'beats' ? 'beatIds' : k));
    setErrors((all) => Object.fromEntries(Object.entries(all).filter(([k]) => !touched.includes(k))));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const parsed = parseCouponDraft(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      const first = Object.keys(parsed.errors)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ couponId: coupon?._id, input: parsed.input });
      toast.success(`${saved.code} ${coupon ? 'saved' : 'created'}`);
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  const offersErrorId = `${id}-offers-error`;
  return (
    <form id={FORM_ID} className="admin-form coupon-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="coupon-form__grid">
        <TextField
          id={`${id}-code`}
          label="Code"
          value={draft.code}
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          hint="3 to 32 letters, digits, dashes or underscores; kept in capitals."
          error={errors.code}
          data-autofocus
          onChange={(event) => edit({ code: event.currentTarget.value.toUpperCase() })}
        />
        <SelectField
          id={`${id}-kind`}
          label="Type"
          options={kindOptions}
          value={draft.kind}
          error={errors.kind}
          onChange={(event) => edit({ kind: event.currentTarget.value as CouponDraft['kind'] })}
        />
        {draft.kind === 'percent' ? (
          <TextField
            id={`${id}-percentOff`}
            label="Percent off"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={draft.percentOff}
            error={errors.percentOff}
            onChange={(event) => edit({ percentOff: event.currentTarget.value })}
          />
        ) : (
          <TextField
            id={`${id}-amountOff`}
            label="Amount off (USD)"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            value={draft.amountOff}
            hint="At most what remains to pay of the items it applies to."
            error={errors.amountOff}
            onChange={(event) => edit({ amountOff: event.currentTarget.value })}
          />
        )}
        <SelectField
          id={`${id}-scope`}
          label="Applies to"
          options={scopeOptions}
          value={draft.scope}
          error={errors.scope}
          onChange={(event) => edit({ scope: event.currentTarget.value as CouponDraft['scope'] })}
        />
      </div>

      {draft.scope === 'beats' && (
        <BeatPicker id={`${id}-beatIds`} chosen={draft.beats} error={errors.beatIds} onChange={(beats) => edit({ beats })} />
      )}
      {draft.scope === 'offers' && (
        <fieldset className="coupon-form__offers" aria-describedby={errors.offers ? offersErrorId : undefined}>
          <legend className="field__label">Offers</legend>
          <div className="coupon-form__checks">
            {offerChoices.map((offer, i) => (
              <Checkbox
                key={offer.value}
                id={i === 0 ? `${id}-offers` : undefined}
                label={offer.label}
                checked={draft.offers.includes(offer.value)}
                onChange={(event) =>
                  edit({
                    offers: event.currentTarget.checked ? [...draft.offers, offer.value] : draft.offers.filter((o) => o !== offer.value),
                  })
                }
              />
            ))}
          </div>
          <FieldMessages error={errors.offers} errorId={offersErrorId} />
        </fieldset>
      )}

      <div className="coupon-form__grid">
        <TextField
          id={`${id}-startsAt`}
          label="Starts"
          type="datetime-local"
          value={draft.startsAt}
          hint="Your local time. Empty: at once."
          error={errors.startsAt}
          onChange={(event) => edit({ startsAt: event.currentTarget.value })}
        />
        <TextField
          id={`${id}-endsAt`}
          label="Ends"
          type="datetime-local"
          value={draft.endsAt}
          hint="Empty: never."
          error={errors.endsAt}
          onChange={(event) => edit({ endsAt: event.currentTarget.value })}
        />
        <TextField
          id={`${id}-maxRedemptions`}
          label="Max redemptions"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={draft.maxRedemptions}
          hint="Paid orders in all. Empty: no limit."
          error={errors.maxRedemptions}
          onChange={(event) => edit({ maxRedemptions: event.currentTarget.value })}
        />
        <TextField
          id={`${id}-perBuyerLimit`}
          label="Per-buyer limit"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={draft.perBuyerLimit}
          hint="Orders per buyer. Empty: no limit."
          error={errors.perBuyerLimit}
          onChange={(event) => edit({ perBuyerLimit: event.currentTarget.value })}
        />
        <TextField
          id={`${id}-minimumOrder`}
          label="Minimum order (USD)"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          value={draft.minimumOrder}
          hint="After the bulk deal. Empty: none."
          error={errors.minimumOrder}
          onChange={(event) => edit({ minimumOrder: event.currentTarget.value })}
        />
      </div>
      <Checkbox label="Paused: the code is refused until resumed" checked={draft.paused} onChange={(event) => edit({ paused: event.currentTarget.checked })} />

      <FormFailure failure={failure} />
    </form>
  );
}
