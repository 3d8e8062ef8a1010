/**
 * A styled checkbox with its label; the native input stays in the page (keyboard, forms, react-hook-form).
 *
 *   <Checkbox label="Remember me" {...register('remember')} />
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import './field.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  className?: string;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, className, id, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? `checkbox-${autoId}`;
  return (
    <div className={['checkbox', className].filter(Boolean).join(' ')}>
      <input ref={ref} id={inputId} type="checkbox" className="checkbox__input" {...rest} />
      <span className="checkbox__box" aria-hidden="true">
        <Check />
      </span>
      <label htmlFor={inputId} className="checkbox__label">
        {label}
      </label>
    </div>
  );
});
