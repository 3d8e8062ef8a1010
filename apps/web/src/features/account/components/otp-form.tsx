/** /otpverification: the five code boxes, Verify OTP, and Resend after the 60-second countdown (docs/product/accounts.md#password-recovery). */
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { RotateCw } from 'lucide-react';
import { accountMessages, otpLength, otpResendCooldownSeconds } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useSendOtp } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { useCountdown } from '../hooks/use-countdown';
import { recoveryStorage } from '../lib/recovery-storage';
import { OtpInput } from './otp-input';

const empty = () => Array<string>(otpLength).fill('');

export function OtpForm({ email, onVerified }: { email: string; onVerified: () => void }) {
  const labelId = useId();
  const hintId = useId();
  const [chars, setChars] = useState(empty);
  const verify = useVerifyOtp();
  const resend = useSendOtp();
  const { remaining, restart } = useCountdown(otpResendCooldownSeconds);

  async function submit(code: string) {
    if (code.length !== otpLength || verify.isPending) {
      if (code.length !== otpLength) toast.error(accountMessages.fillInTheCode);
      return;
    }
    try {
      const answer = await verify.mutateAsync({ email, otp: code });
      recoveryStorage.setResetToken(answer.resetToken);
      toast.success(accountMessages.otpVerified);
      onVerified();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function onResend() {
    try {
      await resend.mutateAsync({ email });
      setChars(empty());
      restart();
      toast.success(accountMessages.otpResent);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(chars.join(''));
      }}
    >
      <div className="otp-field">
        <p id={labelId} className="field__label">
          Verification code
        </p>
        <OtpInput value={chars} onChange={setChars} labelledBy={labelId} describedBy={hintId} disabled={verify.isPending} />
        <p id={hintId} className="field__hint">
          Five letters or digits, from the e-mail we sent to <strong className="otp-field__email">{email}</strong>.
        </p>
      </div>

      <Button type="submit" size="lg" block busy={verify.isPending} busyLabel="Verifying OTP...">
        Verify OTP
      </Button>

      <div className="otp-resend">
        <p className="otp-resend__status">
          {remaining > 0 ? `Resend OTP in ${remaining}s` : 'You can now resend the OTP.'}
        </p>
        <Button
          variant="secondary"
          size="sm"
          icon={<RotateCw />}
          disabled={remaining > 0}
          busy={resend.isPending}
          busyLabel="Sending OTP..."
          onClick={() => void onResend()}
        >
          Resend OTP
        </Button>
      </div>
    </form>
  );
}
