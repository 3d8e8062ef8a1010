/**
 * Payments needing attention (docs/product/offers-and-prices.md#payments-needing-attention): what reconciliation
 * has not settled by itself, for the admin to see and retry: checkouts still unsettled long after they opened, and
 * refunds the payment provider has not taken.
 */
import { and, asc, eq, isNull, lte, ne } from 'drizzle-orm';
import type { PaymentAttentionItem } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { checkouts, refunds, type CheckoutRow } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { settleCheckout, stateOf, type CheckoutState, type Log } from './fulfilment.service.js';
import { makePendingRefunds } from './refunds.service.js';

/** Reconciliation asks after two minutes and every minute after: unsettled for this long, something is wrong. */
export const ATTENTION_AFTER_MS = 10 * 60_000;
const SHOWN = 100;

export async function paymentsNeedingAttention(deps: Deps): Promise<PaymentAttentionItem[]> {
  const before = new Date(deps.clock.now().getTime() - ATTENTION_AFTER_MS);
  const unsettled = await deps.db
    .select()
    .from(checkouts)
    .where(and(isNull(checkouts.fulfilledAt), ne(checkouts.status, 'expired'), ne(checkouts.paymentStatus, 'failed'), lte(checkouts.createdAt, before)))
    .orderBy(asc(checkouts.createdAt))
    .limit(SHOWN);
  const owed = await deps.db
    .select({ refund: refunds, email: checkouts.email })
    .from(refunds)
    .innerJoin(checkouts, eq(checkouts.id, refunds.checkoutId))
    .where(isNull(refunds.providerRefundId))
    .orderBy(asc(refunds.createdAt))
    .limit(SHOWN);
  return [
    ...unsettled.map((c) => ({
      kind: 'unsettled' as const,
      checkoutId: c.id,
      email: c.email,
      amount: centsToDollars(c.amountCents),
      since: c.createdAt.toISOString(),
      reason: reasonOf(c),
    })),
    ...owed.map(({ refund, email }) => ({
      kind: 'refund' as const,
      checkoutId: refund.checkoutId,
      email,
      amount: centsToDollars(refund.amountCents),
      since: refund.createdAt.toISOString(),
      reason: `Refund not taken by the payment provider yet. ${refund.reason}`,
    })),
  ];
}

function reasonOf(checkout: CheckoutRow): string {
  if (checkout.paymentStatus === 'paid') return 'Paid, but not delivered yet: the store has not settled it with the payment provider.';
  if (checkout.status === 'complete') return 'Completed, but the payment has not been confirmed as paid yet (a delayed payment method).';
  return 'The payment provider has not confirmed this checkout as paid or expired.';
}

/** The admin's retry: asks the provider about the checkout now and sends its owed refunds again. */
export async function retryCheckout(deps: Deps, checkoutId: string, log: Log): Promise<{ state: CheckoutState }> {
  const [checkout] = await deps.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).limit(1);
  if (!checkout) throw notFound('This checkout does not exist.');
  let current = checkout;
  if (!checkout.fulfilledAt && checkout.status !== 'expired') {
    const session = await deps.payments.retrieveCheckoutSession(checkout.providerSessionId);
    if (session) current = (await settleCheckout(deps, checkout, session, { log })).checkout;
  }
  if (current.fulfilledAt) await makePendingRefunds(deps, current.id, log);
  return { state: stateOf(current) };
}
