/**
 * Payments behind one interface: hosted checkout sessions, their state, refunds and signed webhook events.
 * Two implementations side by side: the built-in test checkout (the embedded default) and Stripe Checkout.
 * Both speak Stripe's event format, so the webhook and the fulfilment above them are one code path.
 */
import type Stripe from 'stripe';

/** The `stripe` package, loaded with the first checkout or webhook, not with the server (docs/decisions/0029-start-up.md#loaded-when-used). */
export const loadStripe = (): Promise<typeof Stripe> => import('stripe').then((module) => module.default);

export type ProviderKind = 'test' | 'stripe';
export type SessionStatus = 'open' | 'complete' | 'expired';
export type SessionPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

/** A hosted checkout session as the provider sees it (a subset of Stripe's Checkout Session). */
export interface ProviderSession {
  id: string;
  url: string | null;
  status: SessionStatus;
  paymentStatus: SessionPaymentStatus;
  paymentIntentId: string | null;
  amountTotal: number | null;
  currency: string | null;
  /** Our checkout id, given at creation. */
  clientReferenceId: string | null;
  expiresAt: Date;
}

export interface CreateSessionInput {
  /** Our checkout id (the session's client_reference_id). */
  checkoutId: string;
  email: string;
  currency: 'usd';
  lineItems: Array<{ name: string; description?: string; amountCents: number }>;
  /** Absolute URL; `{CHECKOUT_SESSION_ID}` is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  metadata: Record<string, string>;
}

export interface RefundInput {
  paymentIntentId: string;
  amountCents: number;
  /** The same key always names the same refund: retrying never refunds twice. */
  idempotencyKey: string;
}

/** A verified webhook event; `session` is set for checkout.session.* events. */
export interface PaymentEvent {
  id: string;
  type: string;
  session: ProviderSession | null;
}

/** The webhook's signature or timestamp did not check out: respond with 400 and change nothing. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface Payments {
  readonly kind: ProviderKind;
  createCheckoutSession(input: CreateSessionInput): Promise<ProviderSession>;
  /** null when the provider does not know the session. */
  retrieveCheckoutSession(sessionId: string): Promise<ProviderSession | null>;
  /** Ends an open session; a session that is already complete or expired is answered as it is. */
  expireCheckoutSession(sessionId: string): Promise<ProviderSession | null>;
  refund(input: RefundInput): Promise<{ id: string }>;
  /**
   * Verifies a webhook on its raw body with the `stripe` package's constructEvent (300-second tolerance,
   * measured at `receivedAt`) and returns the event. Throws WebhookSignatureError when it does not verify.
   */
  constructEvent(rawBody: Buffer, signatureHeader: string | undefined, receivedAt: Date): Promise<PaymentEvent>;
}

/** Maps a Stripe Checkout Session object (from the API or an event) to the provider-neutral shape. */
export function sessionFromStripe(object: Stripe.Checkout.Session): ProviderSession {
  const intent = object.payment_intent;
  return {
    id: object.id,
    url: object.url ?? null,
    status: (object.status ?? 'open') as SessionStatus,
    paymentStatus: object.payment_status as SessionPaymentStatus,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amountTotal: object.amount_total ?? null,
    currency: object.currency ?? null,
    clientReferenceId: object.client_reference_id ?? null,
    expiresAt: new Date(object.expires_at * 1000),
  };
}

/** Maps a verified Stripe event: only checkout.session.* events carry a session. */
export function eventFromStripe(event: Stripe.Event): PaymentEvent {
  const object = event.data.object as { object?: string };
  const session = event.type.startsWith('checkout.session.') && object.object === 'checkout.session'
    ? sessionFromStripe(object as Stripe.Checkout.Session)
    : null;
  return { id: event.id, type: event.type, session };
}

/**
 * Payments.constructEvent for both providers (both sign Stripe-format events): verifies the raw body with the
 * `stripe` package (300-second tolerance, measured at `receivedAt`) and maps the event.
 */
export async function verifyStripeEvent(rawBody: Buffer, signatureHeader: string | undefined, webhookSecret: string, receivedAt: Date): Promise<PaymentEvent> {
  if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  const Stripe = await loadStripe();
  try {
    const event = Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      webhookSecret,
      Stripe.webhooks.DEFAULT_TOLERANCE,
      undefined,
      receivedAt.getTime(),
    );
    return eventFromStripe(event);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(error.message);
    if (error instanceof SyntaxError) throw new WebhookSignatureError('The webhook body is not valid JSON.');
    throw error;
  }
}
