/** /signup — optional ?returnUrl (default /); signed-in visitors go straight there. */
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths, safeReturnUrl, withReturnUrl } from '../../config/paths';
import { useAuth, AuthLayout, SignupForm } from '../../features/auth';

export function SignupPage() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawReturnUrl = params.get('returnUrl');
  const returnUrl = safeReturnUrl(rawReturnUrl);

  if (isAuthenticated) return <Navigate to={returnUrl} replace />;

  return (
    <>
      <title>Create Free Account · Beat Market</title>
      <AuthLayout
        title="Create Free Account"
        lead="Join in seconds. No card needed."
        showcaseTitle={
          <>
            Beats, stems and exclusives for <em>serious artists</em>.
          </>
        }
        highlights={[
          'Save favourites and build your cart',
          'Stems, exclusives and 100% royalties',
          'VIP catalog: 300+ beats in mp3 and wav',
        ]}
        footer={
          <>
            Already have an account?{' '}
            <Link to={rawReturnUrl ? withReturnUrl(paths.login, returnUrl) : paths.login}>Log in</Link>
          </>
        }
      >
        <SignupForm onSuccess={() => navigate(returnUrl, { replace: true })} />
      </AuthLayout>
    </>
  );
}
