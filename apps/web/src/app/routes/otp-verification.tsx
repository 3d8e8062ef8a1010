/** /otpverification — the e-mailed code for the address kept by /forgotpassword, then /changepassword. */
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AuthLayout } from '../../features/auth';
import { OtpForm, recoveryHighlights, RecoveryShowcaseTitle, recoveryStorage } from '../../features/account';

export function OtpVerificationPage() {
  const navigate = useNavigate();
  const email = recoveryStorage.email();
  if (!email) return <Navigate to={paths.forgotPassword} replace />;
  return (
    <>
      <title>OTP Verification · Beat Market</title>
      <AuthLayout
        title="Check your e-mail"
        lead="Enter the code we sent you. It works once and expires in 10 minutes."
        showcaseTitle={<RecoveryShowcaseTitle />}
        highlights={recoveryHighlights}
        footer={
          <>
            Wrong e-mail? <Link to={paths.forgotPassword}>Use another one</Link>
          </>
        }
      >
        <OtpForm email={email} onVerified={() => navigate(paths.changePassword)} />
      </AuthLayout>
    </>
  );
}
