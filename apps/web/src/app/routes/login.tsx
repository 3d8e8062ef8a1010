/** /login — optional ?returnUrl (default /) and ?error (the form posted without JavaScript failed); signed-in visitors go straight to returnUrl. */
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { loginFormErrorMessage } from '@beat/shared/auth';
import { paths, safeReturnUrl, withReturnUrl } from '../../config/paths';
import { useAuth, AuthLayout, LoginForm } from '../../features/auth';

export function LoginPage() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawReturnUrl = params.get('returnUrl');
  const returnUrl = safeReturnUrl(rawReturnUrl);

  if (isAuthenticated) return <Navigate to={returnUrl} replace />;

  return (
    <>
      <title>Login · Beat Market</title>
      <AuthLayout
        title="Welcome back"
        lead="Log in to reach your favourites, cart and downloads."
        showcaseTitle={
          <>
            Your next hit is <em>one beat</em> away.
          </>
        }
        highlights={['Preview every beat in full quality', 'Keep favourites and a cart', 'Download what you own, any time']}
        footer={
          <>
            Don&apos;t have an account?{' '}
            <Link to={rawReturnUrl ? withReturnUrl(paths.signup, returnUrl) : paths.signup}>Sign up</Link>
          </>
        }
      >
        <LoginForm
          returnUrl={returnUrl}
          postedError={loginFormErrorMessage(params.get('error'))}
          onSuccess={() => navigate(returnUrl, { replace: true })}
        />
      </AuthLayout>
    </>
  );
}
