/** The e-mail input of the login, signup and password-recovery forms. */
import { forwardRef } from 'react';
import { Mail } from 'lucide-react';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';

export const EmailField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label' | 'type'>>(function EmailField(props, ref) {
  return (
    <TextField
      ref={ref}
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      icon={<Mail />}
      {...props}
    />
  );
});
