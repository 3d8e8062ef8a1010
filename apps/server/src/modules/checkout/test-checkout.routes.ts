/**
 * The built-in test checkout's page (only when no Stripe keys are set). Paying posts a signed Stripe-format
 * event to the product's own webhook endpoint — the same verification and fulfilment as real Stripe — and
 * then sends the browser to /paymentConfirm, which settles the session too if that event went missing.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { licenceSummaryLines, licenceTermsPath } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { TEST_CARD_NUMBER, type TestCheckout, type TestCheckoutView } from '../../adapters/payments/test-checkout.js';
import { WEBHOOK_PATH } from './checkout.routes.js';
import { cancelCheckout } from './checkout-sessions.js';
import { checkoutLines, lineDescription } from './checkout-lines.js';
import {
  checkoutCss,
  checkoutJs,
  emptyForm,
  renderCheckoutNotice,
  renderCheckoutPage,
  type CheckoutFormValues,
} from './test-checkout-page.js';

const pageHeaders = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; form-action 'self'; " +
    "frame-ancestors 'none'; base-uri 'none'",
  'Cache-Control': 'no-store',
};

const DECLINED_CARD = '4000000000000002';

const sessionParams = z.object({ sessionId: z.string().regex(/^cs_test_[0-9a-f]{10,64}$/) });

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

type CardError = { field: keyof CheckoutFormValues | 'form'; message: string };

/** The checks a hosted card form makes, with Stripe's wording. Only the test card 4242… pays. */
export function checkCard(values: CheckoutFormValues, now: Date): CardError | null {
  const number = values.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { field: 'cardNumber', message: 'Your card number is incomplete.' };
  if (!luhn(number)) return { field: 'cardNumber', message: 'Your card number is invalid.' };
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(values.expiry);
  if (!expiry) return { field: 'expiry', message: "Your card's expiration date is incomplete." };
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (month < 1 || month > 12) return { field: 'expiry', message: "Your card's expiration date is invalid." };
  // A card is valid through the last day of its expiry month.
  if (new Date(Date.UTC(year, month, 1)).getTime() <= now.getTime()) {
    return { field: 'expiry', message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(values.cvc.trim())) return { field: 'cvc', message: "Your card's security code is incomplete." };
  if (!values.name.trim()) return { field: 'name', message: 'Enter the name on your card.' };
  if (number === DECLINED_CARD) return { field: 'cardNumber', message: 'Your card was declined.' };
  if (number !== TEST_CARD_NUMBER) {
    return { field: 'cardNumber', message: 'This test checkout takes only the test card 4242 4242 4242 4242.' };
  }
  return null;
}

function formValues(body: unknown): CheckoutFormValues {
  const source = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const text = (key: keyof CheckoutFormValues) => (typeof source[key] === 'string' ? (source[key] as string).slice(0, 200) : '');
  return { cardNumber: text('cardNumber'), expiry: text('expiry'), cvc: text('cvc'), name: text('name') };
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).headers(pageHeaders).type('text/html; charset=utf-8').send(html);
}

export function isTestCheckout(payments: Deps['payments']): payments is TestCheckout {
  return payments.kind === 'test' && 'pay' in payments;
}

export function testCheckoutRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const payments = deps.payments;
    if (!isTestCheckout(payments)) return;

    // The card form posts application/x-www-form-urlencoded; only this plugin reads that format.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.get('/test-checkout/assets/checkout.css', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=3600').type('text/css; charset=utf-8').send(checkoutCss),
    );
    app.get('/test-checkout/assets/checkout.js', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(checkoutJs),
    );

    const notices = {
      missing: renderCheckoutNotice({
        title: 'This checkout link is not valid',
        message: 'The checkout session does not exist. Start again from your cart.',
        link: { href: '/cart', label: 'Back to your cart' },
      }),
      expired: renderCheckoutNotice({
        title: 'This checkout has expired',
        message: 'Checkout sessions last 30 minutes. Nothing was charged. Start again from your cart.',
        link: { href: '/cart', label: 'Back to your cart' },
      }),
      paid: (sessionId: string) =>
        renderCheckoutNotice({
          title: 'This checkout is already paid',
          message: 'Thank you — your payment went through.',
          link: { href: `/paymentConfirm?session_id=${sessionId}`, label: 'Continue' },
        }),
    };

    const render = async (reply: FastifyReply, view: TestCheckoutView, values: CheckoutFormValues, error: CardError | null) => {
      const { session, checkout } = view;
      if (session.status === 'complete') return sendHtml(reply, error ? 409 : 200, notices.paid(session.id));
      if (session.status === 'expired') return sendHtml(reply, error ? 410 : 200, notices.expired);
      const minutesLeft = Math.round((checkout.expiresAt.getTime() - deps.clock.now().getTime()) / 60_000);
      const lines = await checkoutLines(deps.db, checkout.id);
      return sendHtml(
        reply,
        error ? 400 : 200,
        renderCheckoutPage({
          sessionId: session.id,
          email: checkout.email,
          lines: lines.map((line) => ({
            title: line.title,
            description: lineDescription(line.kind, line.tier),
            priceCents: line.priceCents,
            terms: line.terms && {
              title: line.terms.title,
              summary: licenceSummaryLines(line.terms),
              href: licenceTermsPath(line.terms.offer),
            },
          })),
          totalCents: checkout.amountCents,
          minutesLeft,
          values,
          error,
        }),
      );
    };

    app.get('/test-checkout/:sessionId', { schema: { hide: true } }, async (request, reply) => {
      const params = sessionParams.safeParse(request.params);
      const view = params.success ? await payments.view(params.data.sessionId) : null;
      if (!view) return sendHtml(reply, 404, notices.missing);
      return render(reply, view, emptyForm, null);
    });

    // Cancel (the page's link, as Stripe's page links to its cancel address): the session ends and its exclusives are
    // free at once (docs/product/offers-and-prices.md#reservations), then the buyer is back in the cart.
    app.get('/test-checkout/:sessionId/cancel', { schema: { hide: true } }, async (request, reply) => {
      const params = sessionParams.safeParse(request.params);
      const view = params.success ? await payments.view(params.data.sessionId) : null;
      if (!view) return sendHtml(reply, 404, notices.missing);
      await cancelCheckout(deps, null, view.session.id, request.log);
      return reply.code(303).header('Cache-Control', 'no-store').redirect('/cart', 303);
    });

    app.post('/test-checkout/:sessionId/pay', { schema: { hide: true } }, async (request, reply) => {
      const params = sessionParams.safeParse(request.params);
      const view = params.success ? await payments.view(params.data.sessionId) : null;
      if (!view) return sendHtml(reply, 404, notices.missing);
      const values = formValues(request.body);
      if (view.session.status !== 'open') return render(reply, view, values, { field: 'form', message: 'closed' });
      const cardError = checkCard(values, deps.clock.now());
      if (cardError) return render(reply, view, values, cardError);

      const paid = await payments.pay(view.session.id);
      if (!paid) {
        // Expired (or paid in another tab) between showing the form and paying.
        const again = await payments.view(view.session.id);
        return render(reply, again ?? view, values, { field: 'form', message: 'closed' });
      }
      // Through the front door: the same raw-body signature check and fulfilment as a Stripe delivery.
      const delivery = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': paid.event.header },
        payload: paid.event.payload,
      });
      if (delivery.statusCode !== 200) {
        request.log.error({ status: delivery.statusCode, body: delivery.body }, 'test checkout webhook delivery failed');
      }
      return reply.code(303).header('Cache-Control', 'no-store').redirect(`/paymentConfirm?session_id=${paid.session.id}`, 303);
    });
  };
}
