/** /changepassword: the new password after a verified code (docs/product/accounts.md#password-recovery, docs/product/screens-and-words.md#forms), then /login. */
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { accountMessages, messages } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage } from '../../../lib/api-client';
import { useChangeNewPassword } from '../api/change-new-password';
import { recoveryStorage } from '../lib/recovery-storage';

export function ResetPasswordForm({ email, resetToken, onChanged }: { email: string; resetToken: string; onChanged: () => void }) {
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ field: 'new' | 'confirm'; message: string } | null>(null);
  const change = useChangeNewPassword();

  function fail(field: 'new' | 'confirm', message: string) {
    setError({ field, message });
    toast.error(message);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!newPassword || !confirm) return fail(newPassword ? 'confirm' : 'new', accountMessages.fillInTheFields);
    if (newPassword !== confirm) return fail('confirm', accountMessages.passwordDidNotMatch);
    if (newPassword.length < 8) return fail('new', messages.passwordTooShort);
    try {
      await change.mutateAsync({ email, newPassword, resetToken });
      recoveryStorage.clear();
      toast.success(accountMessages.passwordChangedSuccessfully);
      onChanged();
    } catch (caught) {
      toast.error(errorMessage(caught));
    }
  }

  return (
    <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        value={newPassword}
        error={error?.field === 'new' ? error.message : undefined}
        onChange={(event) => {
          setNewPassword(event.target.value);
          setError(null);
        }}
      />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        placeholder="The same password again"
        value={confirm}
        error={error?.field === 'confirm' ? error.message : undefined}
        onChange={(event) => {
          setConfirm(event.target.value);
          setError(null);
        }}
      />
      <Button type="submit" size="lg" block busy={change.isPending} busyLabel="Changing Password...">
        Change Password
      </Button>
    </form>
  );
}
