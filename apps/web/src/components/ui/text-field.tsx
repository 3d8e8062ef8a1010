/**
 * A labelled text input with its error under it.
 *
 *   <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
 *
 * The error is tied to the input with aria-invalid and aria-describedby, so a screen reader reads it with the field.
 * `hint` is a muted line under the input; `icon` a leading decorative icon; `endSlot` something inside the right
 * edge (PasswordField puts its toggle there). The ref reaches the <input> (react-hook-form's register needs it).
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './field.css';
import { FieldMessages } from './field-messages';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  icon?: ReactNode;
  endSlot?: ReactNode;
  /** Class on the wrapper, for layout. */
  className?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, icon, endSlot, className, id, type = 'text', 'aria-describedby': describedBy, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['field', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className={['field__control', icon && 'field__control--icon', endSlot && 'field__control--end'].filter(Boolean).join(' ')}>
        {icon && <span className="field__icon" aria-hidden="true">{icon}</span>}
        <input
          ref={ref}
          id={inputId}
          type={type}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          {...rest}
        />
        {endSlot && <span className="field__end">{endSlot}</span>}
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
});
