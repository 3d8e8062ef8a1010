/** Create a free account (docs/product/screens-and-words.md: /signup in #screens, #forms, #toasts). Calls `onSuccess` once signed up. */
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { UserRound } from 'lucide-react';
import { signupBody } from '@beat/shared/auth';
import { messages } from '@beat/shared/messages';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useSubmitOnlyForm } from '../../../hooks/use-submit-only-form';
import { useAuth } from '../auth-context';
import { EmailField } from './email-field';

export function SignupForm({ onSuccess }: { onSuccess: () => void }) {
  const { signup } = useAuth();
  const {
    field,
    handleSubmit,
    formState: { isSubmitting },
  } = useSubmitOnlyForm({ resolver: zodResolver(signupBody), defaultValues: { fullName: '', email: '', password: '' } });

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
        {...field('fullName')}
      />
      <EmailField {...field('email')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        {...field('password')}
      />
      <Button type="submit" size="lg" block busy={isSubmitting} busyLabel="Registering...">
        Register
      </Button>
    </form>
  );
}
