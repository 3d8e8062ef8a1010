/**
 * /signup — optional ?returnUrl (default /); signed-in visitors go straight there. From the VIP plan's GET ACCESS
 * (`?offer=vip`, or a return to /vip) it says what the visitor is signing up for: the plan, with the server's price.
 */
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Crown } from 'lucide-react';
import { paths, safeReturnUrl, SIGNUP_OFFER_PARAM, withReturnUrl } from '../../config/paths';
import { useAuth, AuthLayout, SignupForm } from '../../features/auth';
import { vipPlanFeatures } from '../../features/vip-upsell';
import { formatPrice } from '../../lib/format';
import { useStoreConfig } from '../../lib/store-config';
import './signup.css';

export function SignupPage() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rawReturnUrl = params.get('returnUrl');
  const returnUrl = safeReturnUrl(rawReturnUrl);
  const forVipPlan = params.get(SIGNUP_OFFER_PARAM) === 'vip' || returnUrl.split(/[?#]/)[0] === paths.vip;
  const config = useStoreConfig();
  const planPrice = config.data ? formatPrice(config.data.vipPlanPrice) : null;

  if (isAuthenticated) return <Navigate to={returnUrl} replace />;

  return (
    <>
      <title>Create Free Account · Beat Market</title>
      <AuthLayout
        title="Create Free Account"
        lead={forVipPlan ? 'First your free account, then the VIP catalog plan.' : 'Join in seconds. No card needed.'}
        showcaseTitle={
          forVipPlan ? (
            <>
              The whole VIP catalog, <em>{planPrice ?? 'one payment'}</em>
              {planPrice && ' once'}.
            </>
          ) : (
            <>
              Beats, stems and exclusives for <em>serious artists</em>.
            </>
          )
        }
        highlights={
          forVipPlan
            ? [...vipPlanFeatures]
            : ['Save favourites and build your cart', 'Stems, exclusives and 100% royalties', 'VIP catalog: 300+ beats in mp3 and wav']
        }
        footer={
          <>
            Already have an account?{' '}
            <Link to={rawReturnUrl ? withReturnUrl(paths.login, returnUrl) : paths.login}>Log in</Link>
          </>
        }
      >
        {forVipPlan && (
          <section className="signup-offer" aria-label="What you are signing up for">
            <span className="signup-offer__icon" aria-hidden="true">
              <Crown />
            </span>
            <div>
              <p className="signup-offer__name">
                VIP catalog plan{planPrice && <span className="signup-offer__price">{planPrice}</span>}
              </p>
              <p className="signup-offer__note">
                One payment, lifetime access to {config.data ? `all ${config.data.vipCatalogSize} beats` : 'every beat'} of the VIP catalog in
                MP3 and WAV. Your account is free; once it is made, GET ACCESS opens the plan&apos;s checkout.
              </p>
            </div>
          </section>
        )}
        <SignupForm onSuccess={() => navigate(returnUrl, { replace: true })} />
      </AuthLayout>
    </>
  );
}
