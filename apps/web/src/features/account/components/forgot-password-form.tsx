/** /forgotpassword: the e-mail to send a recovery code to (docs/product/accounts.md#password-recovery). */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { accountMessages, sendOtpBody } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useSendOtp } from '../api/send-otp';
import { recoveryStorage } from '../lib/recovery-storage';
import { EmailField } from '../../auth';

export function ForgotPasswordForm({ onSent }: { onSent: () => void }) {
  const sendOtp = useSendOtp();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(sendOtpBody),
    defaultValues: { email: recoveryStorage.email() ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

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
      <EmailField error={errors.email?.message} {...register('email', { onChange: () => clearErrors('email') })} />
      <Button type="submit" size="lg" block busy={sendOtp.isPending} busyLabel="Sending OTP...">
        Send OTP
      </Button>
    </form>
  );
}
