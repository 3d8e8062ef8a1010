/** The fields every offer form shares: an amount in dollars and an optional message. */
import { useId } from 'react';
import { TextField } from '../../../components/ui/text-field';

/** The dollars typed, or null when they are not a positive amount. */
export function parseDollars(text: string): number | null {
  const amount = Number(text);
  return text.trim() && Number.isFinite(amount) && amount > 0 ? amount : null;
}

export function AmountField(props: { label: string; value: string; onChange: (value: string) => void; error: string | null; hint?: string }) {
  return (
    <TextField
      label={props.label}
      inputMode="decimal"
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      hint={props.hint}
      error={props.error ?? undefined}
      icon={<span className="offer-form__currency">$</span>}
    />
  );
}

export function MessageField({ label, value, onChange, rows = 3 }: { label: string; value: string; onChange: (value: string) => void; rows?: number }) {
  const id = useId();
  return (
    <div className="field offer-form__message">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="offer-form__textarea" rows={rows} maxLength={1000} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
    </div>
  );
}
