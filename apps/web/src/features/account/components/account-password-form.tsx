/** Account settings: change the password given the current one (docs/product/screens-and-words.md#forms, 'Password Changed'). */
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { accountMessages, changePasswordBody, type User } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage } from '../../../lib/api-client';
import { useSubmitOnlyForm } from '../../../hooks/use-submit-only-form';
import { useChangePassword } from '../api/change-password';

const passwordSchema = changePasswordBody
  .pick({ password: true, newPassword: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: accountMessages.passwordsMustMatch,
    path: ['confirmPassword'],
  });

export function AccountPasswordForm({ user, onChanged }: { user: User; onChanged?: () => void }) {
  const change = useChangePassword();
  const { field, handleSubmit, reset } = useSubmitOnlyForm({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password, newPassword }) => {
    try {
      await change.mutateAsync({ email: user.email, password, newPassword });
      reset();
      toast.success(accountMessages.passwordChanged);
      onChanged?.();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-label="Change password">
      <div className="settings-form__grid">
        <PasswordField
          className="settings-form__wide"
          label="Current Password"
          autoComplete="current-password"
          {...field('password')}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          {...field('newPassword')}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </div>
      <div className="settings-form__actions">
        <Button type="submit" busy={change.isPending} busyLabel="Changing Password...">
          Change Password
        </Button>
      </div>
    </form>
  );
}
