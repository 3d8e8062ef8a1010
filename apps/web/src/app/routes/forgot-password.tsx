/** /forgotpassword — send a recovery code, then /otpverification. */
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { ForgotPasswordForm, RecoveryLayout } from '../../features/account';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  return (
    <>
      <title>Forgot Password · Beat Market</title>
      <RecoveryLayout
        title="Forgot your password?"
        lead="Enter the e-mail of your account and we will send you a 5-character code to reset it."
        footer={
          <>
            Remembered it? <Link to={paths.login}>Log in</Link>
          </>
        }
      >
        <ForgotPasswordForm onSent={() => navigate(paths.otpVerification)} />
      </RecoveryLayout>
    </>
  );
}
