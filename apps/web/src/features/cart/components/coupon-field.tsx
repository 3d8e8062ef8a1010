/**
 * The order summary's "Coupon code" (docs/product/deals.md#cart): Apply keeps the code with the cart and asks the quote
 * with it; once the quote applies it, Remove takes it off. A code the store refuses shows the quote's reason next to the
 * field. A visitor gets no quote: their code is kept until they log in, and Remove takes it off
 * (docs/product/deals.md#a-code-kept-with-the-cart).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AlertCircle, CheckCircle2, TicketPercent } from 'lucide-react';
import { couponCode, type Quote } from '@beat/shared';
import { Button } from '../../../components/ui/button';

export interface CouponFieldProps {
  /** The code asked for (applied or refused), or null. */
  code: string | null;
  /** The server's quote of exactly what Pay Now buys (or the previous one while it updates); null: list prices. */
  quote: Quote | null;
  updating: boolean;
  /** A visitor: the code is kept in the browser and checked once they log in (there is no quote). */
  checkedAtLogin?: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

export function CouponField({ code, quote, updating, checkedAtLogin = false, onApply, onRemove }: CouponFieldProps) {
  const id = useId();
  const [text, setText] = useState(code ?? '');
  const [shapeError, setShapeError] = useState<string | null>(null);
  const answer = code && quote?.coupon?.code === code ? quote.coupon : null;
  const applied = answer?.applied === true;
  // What replaces the field: the code the quote applied, or a visitor's code kept for their login.
  const kept = applied || (checkedAtLogin && code !== null);
  const refusal = shapeError ?? (answer && !answer.applied ? (answer.message ?? 'This code cannot be used for these items.') : null);
  const errorId = `${id}-error`;
  // Apply and Remove swap the field for the applied code and back: focus follows to what replaced the button pressed.
  const focusNext = useRef<'remove' | 'input' | null>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (kept && focusNext.current === 'remove') removeRef.current?.focus();
    else if (!kept && focusNext.current === 'input') inputRef.current?.focus();
    else return;
    focusNext.current = null;
  }, [kept]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = couponCode.safeParse(text);
    if (!parsed.success) {
      setShapeError(parsed.error.issues[0]?.message ?? 'Enter a coupon code.');
      return;
    }
    setShapeError(null);
    setText(parsed.data);
    focusNext.current = 'remove';
    onApply(parsed.data);
  }

  if (kept && code) {
    return (
      <div className="coupon-field coupon-field--applied">
        <p className="coupon-field__applied" role="status">
          {applied ? <CheckCircle2 aria-hidden="true" /> : <TicketPercent aria-hidden="true" />}
          {applied ? (
            <span>
              Coupon <strong className="coupon-field__code">{code}</strong> applied
            </span>
          ) : (
            <span>
              Coupon <strong className="coupon-field__code">{code}</strong> kept with your cart: its discount shows once you log in.
            </span>
          )}
        </p>
        <Button
          ref={removeRef}
          size="sm"
          variant="ghost"
          onClick={() => {
            setText('');
            focusNext.current = 'input';
            onRemove();
          }}
          aria-label={`Remove coupon ${code}`}
        >
          Remove
        </Button>
      </div>
    );
  }

  return (
    <form className="coupon-field" onSubmit={onSubmit} noValidate aria-busy={(updating && code !== null) || undefined}>
      <label htmlFor={`${id}-code`} className="field__label">
        Coupon code
      </label>
      <div className="coupon-field__row">
        <div className="field__control field__control--icon coupon-field__control">
          <span className="field__icon" aria-hidden="true">
            <TicketPercent />
          </span>
          <input
            ref={inputRef}
            id={`${id}-code`}
            className="field__input coupon-field__input"
            value={text}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? errorId : undefined}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setShapeError(null);
            }}
          />
        </div>
        <Button type="submit" size="md" variant="secondary" busy={updating && code !== null && !answer} busyLabel="Checking...">
          Apply
        </Button>
      </div>
      {refusal && (
        <p id={errorId} className="field__error coupon-field__error" role="alert">
          <AlertCircle aria-hidden="true" />
          {refusal}
        </p>
      )}
    </form>
  );
}
