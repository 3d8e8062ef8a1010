/**
 * Email + password login (docs/product/screens-and-words.md: /login in #screens, #forms, #toasts). Calls `onSuccess` once
 * signed in. Without JavaScript the form posts to POST /login itself, which responds with a redirect: to `returnUrl`, or
 * back here with `?error=…`, shown as `postedError`.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { loginBody } from '@beat/shared/auth';
import { messages } from '@beat/shared/messages';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { PasswordField } from '../../../components/ui/password-field';
import { useSubmitOnlyForm } from '../../../hooks/use-submit-only-form';
import { useAuth } from '../auth-context';
import { EmailField } from './email-field';

export interface LoginFormProps {
  onSuccess: () => void;
  /** Where the form posted without JavaScript sends the browser once signed in. */
  returnUrl: string;
  /** Why the last login posted without JavaScript failed, in the API's words. */
  postedError?: string | null;
}

export function LoginForm({ onSuccess, returnUrl, postedError = null }: LoginFormProps) {
  const { login } = useAuth();
  const {
    register,
    field,
    handleSubmit,
    formState: { isSubmitting },
  } = useSubmitOnlyForm({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '', remember: false } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login(values);
      toast.success(messages.signedIn);
      onSuccess();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form className="auth-form" method="post" action="/login" onSubmit={onSubmit} noValidate>
      {postedError && (
        <p className="auth-form__error" role="alert">
          {postedError}
        </p>
      )}
      <input type="hidden" name="returnUrl" value={returnUrl} />
      <EmailField {...field('email')} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        placeholder="Your password"
        {...field('password')}
      />
      <div className="auth-form__row">
        <Checkbox label="Remember me" {...register('remember')} />
        <Link to={paths.forgotPassword} className="auth-form__link">
          Forgot Password
        </Link>
      </div>
      <Button type="submit" size="lg" block busy={isSubmitting} busyLabel="Logging...">
        Login
      </Button>
    </form>
  );
}
