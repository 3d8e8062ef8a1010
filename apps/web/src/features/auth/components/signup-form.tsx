/** Create a free account (docs/product/screens-and-words.md: /signup in #screens, #forms, #toasts). Calls `onSuccess` once signed up. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { UserRound } from 'lucide-react';
import { signupBody } from '@beat/shared/auth';
import { messages } from '@beat/shared/messages';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../auth-context';
import { EmailField } from './email-field';

export function SignupForm({ onSuccess }: { onSuccess: () => void }) {
  const { signup } = useAuth();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signupBody),
    defaultValues: { fullName: '', email: '', password: '' },
    // Checked on submit only; editing a field clears its error (docs/product/screens-and-words.md#forms) instead of re-checking it.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async ({ fullName, email, password }) => {
    try {
      // The server always creates a freeUser; auth-context sends the type (docs/product/accounts.md#signup).
      await signup({ fullName, email, password });
      toast.success(messages.signedUp);
      onSuccess();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Full Name"
        autoComplete="name"
        placeholder="Your name"
        icon={<UserRound />}
        error={errors.fullName?.message}
        {...register('fullName', { onChange: () => clearErrors('fullName') })}
      />
      <EmailField error={errors.email?.message} {...register('email', { onChange: () => clearErrors('email') })} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        error={errors.password?.message}
        {...register('password', { onChange: () => clearErrors('password') })}
      />
      <Button type="submit" size="lg" block busy={isSubmitting} busyLabel="Registering...">
        Register
      </Button>
    </form>
  );
}
