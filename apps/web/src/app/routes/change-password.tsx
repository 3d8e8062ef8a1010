/** /changepassword — a new password with the reset token of a verified code, then /login. */
import { Link, useNavigate } from 'react-router';
import { KeyRound } from 'lucide-react';
import { paths } from '../../config/paths';
import { ButtonLink } from '../../components/ui/button';
import { ResetPasswordForm, RecoveryLayout, recoveryStorage } from '../../features/account';
import { StatusPage } from '../layout/status-page';

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const email = recoveryStorage.email();
  const resetToken = recoveryStorage.resetToken();

  if (!email || !resetToken) {
    return (
      <>
        <title>Change Password · Beat Market</title>
        <StatusPage
          art={<KeyRound />}
          title="Verify your code first"
          actions={<ButtonLink to={paths.forgotPassword}>Send me a code</ButtonLink>}
        >
          <p>To choose a new password, ask for a code by e-mail and enter it. Then you land back here.</p>
        </StatusPage>
      </>
    );
  }

  return (
    <>
      <title>Change Password · Beat Market</title>
      <RecoveryLayout
        title="Choose a new password"
        lead={
          <>
            For <strong className="recovery__email">{email}</strong>. Every device signed in to your account will be
            logged out.
          </>
        }
        footer={
          <>
            Remembered it? <Link to={paths.login}>Log in</Link>
          </>
        }
      >
        <ResetPasswordForm email={email} resetToken={resetToken} onChanged={() => navigate(paths.login, { replace: true })} />
      </RecoveryLayout>
    </>
  );
}
