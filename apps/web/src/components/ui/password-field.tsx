/**
 * A TextField for passwords with a show/hide toggle.
 *
 *   <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
 *
 * The toggle is a real button named "Show password" / "Hide password"; it never submits the form.
 */
import { forwardRef, useState } from 'react';
import { Eye, EyeOff, Lock } from 'lucide-react';
import { TextField, type TextFieldProps } from './text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'endSlot'>;

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { icon = <Lock />, ...rest },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      type={visible ? 'text' : 'password'}
      icon={icon}
      spellCheck={false}
      autoCapitalize="off"
      {...rest}
      endSlot={
        <button
          type="button"
          className="field__toggle"
          aria-label={visible ? 'Hide password' : 'Show password'}
          title={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </button>
      }
    />
  );
});
