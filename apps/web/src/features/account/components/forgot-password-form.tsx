/** /forgotpassword: the e-mail to send a recovery code to (docs/product/accounts.md#password-recovery). */
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { accountMessages, sendOtpBody } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useSubmitOnlyForm } from '../../../hooks/use-submit-only-form';
import { useSendOtp } from '../api/send-otp';
import { recoveryStorage } from '../lib/recovery-storage';
import { EmailField } from '../../auth';

export function ForgotPasswordForm({ onSent }: { onSent: () => void }) {
  const sendOtp = useSendOtp();
  const { field, handleSubmit } = useSubmitOnlyForm({ resolver: zodResolver(sendOtpBody), defaultValues: { email: recoveryStorage.email() ?? '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await sendOtp.mutateAsync({ email });
      recoveryStorage.setEmail(email);
      toast.success(accountMessages.otpSent);
      onSent();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <EmailField {...field('email')} />
      <Button type="submit" size="lg" block busy={sendOtp.isPending} busyLabel="Sending OTP...">
        Send OTP
      </Button>
    </form>
  );
}
