/**
 * /paymentConfirm (docs/product/screens-and-words.md#screens): 'Payment Successful' and 'Creating your dashboard experience...', then the
 * library after 5 seconds, with what was just bought first (docs/product/library.md#after-payment). It first settles its
 * checkout session with the server (the same fulfilment as the webhook), so a purchase is never lost to a missing
 * webhook, and refreshes what the purchase changed. Only a session the server confirms as the user's own and paid
 * says 'Payment Successful': without one there is no payment to show.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CircleAlert, CircleCheck, Clock, ReceiptText } from 'lucide-react';
import type { ConfirmCheckoutResponse } from '@beat/shared';
import { commerceMessages } from '@beat/shared/messages';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { libraryPath, paths, withReturnUrl } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { useAuth } from '../../auth';
import { useConfirmCheckout } from '../api/confirm-checkout';
import { upgradesQueryKey } from '../api/get-upgrades';
import { KeepAmountTogether } from './keep-amount-together';
import './payment-confirm.css';

export const REDIRECT_SECONDS = 5;

export function PaymentConfirmPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { isAuthenticated, isLoading } = useAuth();
  const confirm = useConfirmCheckout(sessionId, isAuthenticated);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!confirm.data) return;
    // What a purchase changes: user type (VIP), downloads, carts, purchases, the store (a sold exclusive), and the
    // upgrades (a lease bought or upgraded).
    for (const key of [['me'], ['downloads'], ['cart'], ['purchases'], ['beats'], upgradesQueryKey]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }, [confirm.data, queryClient]);

  if (!sessionId) return <NoPayment />;
  if (!isAuthenticated && !isLoading) {
    // The session can only be checked for the account that paid.
    return (
      <>
        <title>Payment · Beat Market</title>
        <Notice
          icon={<CircleAlert />}
          title="Log in to see this payment"
          actions={<ButtonLink to={withReturnUrl(paths.login, `${paths.paymentConfirm}?session_id=${encodeURIComponent(sessionId)}`)}>Login</ButtonLink>}
        >
          <p>Log in with the account that paid to see this payment and download what you bought.</p>
        </Notice>
      </>
    );
  }
  if (isLoading || confirm.isPending) {
    return (
      <div className="pay-confirm pay-confirm--loading">
        <title>Confirming payment · Beat Market</title>
        <Spinner size="lg" label="Confirming your payment" />
        <p>Confirming your payment…</p>
      </div>
    );
  }
  // A session that does not exist, or is another account's: nothing of it is shown.
  if (confirm.isError && confirm.error instanceof ApiError && (confirm.error.status === 404 || confirm.error.status === 403)) {
    return <NoPayment />;
  }
  if (confirm.isError) {
    return (
      <>
        <title>Payment · Beat Market</title>
        <Notice
          icon={<CircleAlert />}
          title="We could not check this payment"
          actions={<ButtonLink to={paths.userDashboard}>Open your dashboard</ButtonLink>}
        >
          <p>{errorMessage(confirm.error)}</p>
          <p>If you were charged, your purchase appears on your dashboard shortly and your receipt arrives by e-mail.</p>
        </Notice>
      </>
    );
  }
  const status = confirm.data!.status;
  if (status === 'paid') return <PaymentSuccessful answer={confirm.data!} />;
  if (status === 'processing') {
    return (
      <>
        <title>Payment processing · Beat Market</title>
        <Notice icon={<Clock />} title="Payment processing" actions={<ButtonLink to={paths.home}>Back to the store</ButtonLink>}>
          <p>Your bank is still confirming this payment. Your purchase is delivered, with a receipt by e-mail, as soon as it clears.</p>
        </Notice>
      </>
    );
  }
  return (
    <>
      <title>Payment not completed · Beat Market</title>
      <Notice
        icon={<CircleAlert />}
        title="Payment not completed"
        actions={<ButtonLink to={paths.cart}>Back to your cart</ButtonLink>}
      >
        <p>
          {status === 'failed'
            ? 'The payment did not go through. Nothing was delivered; please try again with another payment method.'
            : 'This checkout was not paid. Nothing was charged.'}
        </p>
      </Notice>
    </>
  );
}

/** /paymentConfirm without a payment of the user's to confirm. */
function NoPayment() {
  return (
    <>
      <title>No payment to show · Beat Market</title>
      <Notice icon={<ReceiptText />} title="No payment to show" actions={<ButtonLink to={paths.home}>Back to the store</ButtonLink>}>
        <p>This page confirms a payment right after checkout, and there is no payment of yours to show here.</p>
        <p>
          What you bought is in <Link to={paths.library}>My Library</Link> and in your <Link to={paths.purchaseHistory}>Purchase History</Link>.
        </p>
      </Notice>
    </>
  );
}

function PaymentSuccessful({ answer }: { answer: ConfirmCheckoutResponse }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  const library = libraryPath({ just: answer.checkoutId });

  useEffect(() => {
    const started = Date.now();
    const tick = window.setInterval(() => {
      setLeft(Math.max(0, REDIRECT_SECONDS - Math.floor((Date.now() - started) / 1000)));
    }, 250);
    const go = window.setTimeout(() => navigate(library, { replace: true }), REDIRECT_SECONDS * 1000);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(go);
    };
  }, [navigate, library]);

  const refunded = answer.items.filter((i) => i.refunded);
  return (
    <div className="pay-confirm">
      <title>Payment Successful · Beat Market</title>
      <div className="pay-confirm__card">
        <span className="pay-confirm__icon" aria-hidden="true">
          <CircleCheck />
        </span>
        <h1 className="pay-confirm__title">{commerceMessages.paymentSuccessful}</h1>
        <p className="pay-confirm__lead" role="status">
          {commerceMessages.creatingDashboard}
        </p>
        {answer.items.length > 0 && (
          <ul className="pay-confirm__items" aria-label="Your purchase">
            {answer.items.map((item) => (
              <li key={`${item.kind}-${item.title}`} className={item.refunded ? 'is-refunded' : undefined}>
                <span className="pay-confirm__what">
                  {/* An upgrade's title names what was already paid: "… (−$29.99 already paid)". */}
                  <span>
                    <KeepAmountTogether text={item.title} />
                  </span>
                  {item.tier && <span className="pay-confirm__tier">{item.tier.name}</span>}
                </span>
                <span>{item.refunded ? 'Refunded' : formatPrice(item.price)}</span>
              </li>
            ))}
          </ul>
        )}
        {refunded.length > 0 && (
          <p className="pay-confirm__note">
            {refunded.map((i) => i.title).join(', ')} could not be delivered and {refunded.length === 1 ? 'was' : 'were'} refunded. We
            sent you an e-mail about it.
          </p>
        )}
        <div className="pay-confirm__bar" aria-hidden="true">
          <span style={{ animationDuration: `${REDIRECT_SECONDS}s` }} />
        </div>
        <p className="pay-confirm__redirect">
          Taking you to your library in {left} {left === 1 ? 'second' : 'seconds'}.
        </p>
        <ButtonLink to={library} iconEnd={<ArrowRight aria-hidden="true" />}>
          Go to My Library
        </ButtonLink>
      </div>
    </div>
  );
}

function Notice({ icon, title, actions, children }: { icon: ReactNode; title: string; actions: ReactNode; children: ReactNode }) {
  return (
    <div className="pay-confirm">
      <div className="pay-confirm__card">
        <span className="pay-confirm__icon pay-confirm__icon--muted" aria-hidden="true">
          {icon}
        </span>
        <h1 className="pay-confirm__title">{title}</h1>
        <div className="pay-confirm__text">{children}</div>
        {actions}
      </div>
    </div>
  );
}
