/**
 * The payment provider's webhook: a verified event about a checkout session is applied once, through the same
 * settlement as the success page (fulfilment.service.ts).
 */
import type { Deps } from '../../deps.js';
import { WebhookSignatureError } from '../../adapters/payments/payments.js';
import { turnOverEndedExclusives } from '../countdown/countdown.service.js';
import { checkoutOfSession } from './checkout-sessions.js';
import { checkoutEventTypes, settleCheckout, type Log } from './fulfilment.service.js';

export interface WebhookAnswer {
  received: true;
  outcome: string;
}

/**
 * Unknown sessions and events this store does not act on are logged and acknowledged (a 2xx stops the provider from
 * retrying). Throws WebhookSignatureError when the signature does not verify. Each event is counted by its outcome
 * (docs/metrics.md).
 */
export async function handlePaymentWebhook(deps: Deps, rawBody: Buffer, signature: string | undefined, log: Log): Promise<WebhookAnswer> {
  try {
    const answer = await applyWebhookEvent(deps, rawBody, signature, log);
    deps.metrics.webhookEvent(answer.outcome);
    return answer;
  } catch (error) {
    deps.metrics.webhookEvent(error instanceof WebhookSignatureError ? 'refused' : 'error');
    throw error;
  }
}

async function applyWebhookEvent(deps: Deps, rawBody: Buffer, signature: string | undefined, log: Log): Promise<WebhookAnswer> {
  const event = await deps.payments.constructEvent(rawBody, signature, deps.clock.now());
  if (!event.session || !checkoutEventTypes.has(event.type)) {
    log.info({ eventId: event.id, type: event.type }, 'webhook event ignored');
    return { received: true, outcome: 'ignored' };
  }
  const checkout = await checkoutOfSession(deps, event.session.id);
  if (!checkout) {
    log.warn({ eventId: event.id, type: event.type, sessionId: event.session.id }, 'webhook for an unknown checkout session');
    return { received: true, outcome: 'unknown-session' };
  }
  if (event.type === 'checkout.session.expired') {
    log.info({ eventId: event.id, checkoutId: checkout.id }, 'checkout session expired');
  }
  const result = await settleCheckout(deps, checkout, event.session, { event, log });
  if (result.duplicateEvent) return { received: true, outcome: 'duplicate' };
  if (result.state === 'expired') await turnOverEndedExclusives(deps);
  return { received: true, outcome: result.state };
}
