/** /otpverification — the e-mailed code for the address kept by /forgotpassword, then /changepassword. */
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { OtpForm, RecoveryLayout, recoveryStorage } from '../../features/account';

export function OtpVerificationPage() {
  const navigate = useNavigate();
  const email = recoveryStorage.email();
  if (!email) return <Navigate to={paths.forgotPassword} replace />;
  return (
    <>
      <title>OTP Verification · Beat Market</title>
      <RecoveryLayout
        title="Check your e-mail"
        lead="Enter the code we sent you. It works once and expires in 10 minutes."
        footer={
          <>
            Wrong e-mail? <Link to={paths.forgotPassword}>Use another one</Link>
          </>
        }
      >
        <OtpForm email={email} onVerified={() => navigate(paths.changePassword)} />
      </RecoveryLayout>
    </>
  );
}
