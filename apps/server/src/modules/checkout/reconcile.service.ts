/**
 * No paid order left undelivered (docs/product/offers-and-prices.md#reconciliation): checkouts still unsettled a while after
 * they opened are asked about at the payment provider and settled through the one exactly-once fulfilment path, as
 * if their webhook had arrived; refunds not made yet whose job gave up (or never existed) are queued again.
 */
import { and, asc, isNull, lte, ne } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { checkouts } from '../../db/schema.js';
import { settleCheckout, type Log } from './fulfilment.service.js';
import { pendingRefundIds, queueRefunds } from './refunds.service.js';

/** A buyer may still be typing their card: a checkout is asked about only once it is this old. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** Checkouts asked about per run, oldest first; the next run takes the rest. */
export const RECONCILE_BATCH = 50;

export interface ReconcileReport {
  asked: number;
  fulfilled: number;
  expired: number;
  /** Provider calls that failed (unreachable, refused): asked again at the next run. */
  failed: number;
  /** Refunds not made yet queued again (one still waiting for its next try is not counted). */
  refundsQueued: number;
}

export async function reconcileCheckouts(deps: Deps, log: Log, batch = RECONCILE_BATCH): Promise<ReconcileReport> {
  const now = deps.clock.now();
  const report: ReconcileReport = { asked: 0, fulfilled: 0, expired: 0, failed: 0, refundsQueued: 0 };
  const unsettled = await deps.db
    .select()
    .from(checkouts)
    .where(
      and(
        isNull(checkouts.fulfilledAt),
        ne(checkouts.status, 'expired'),
        ne(checkouts.paymentStatus, 'failed'),
        lte(checkouts.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
      ),
    )
    .orderBy(asc(checkouts.createdAt))
    .limit(batch);

  for (const checkout of unsettled) {
    report.asked += 1;
    try {
      const session = await deps.payments.retrieveCheckoutSession(checkout.providerSessionId);
      if (!session) continue;
      const settled = await settleCheckout(deps, checkout, session, { log });
      if (settled.fulfilledNow) {
        report.fulfilled += 1;
        log.warn({ checkoutId: checkout.id, sessionId: checkout.providerSessionId }, 'paid checkout fulfilled by reconciliation: its webhook never arrived');
      } else if (settled.state === 'expired') {
        report.expired += 1;
      }
    } catch (error) {
      report.failed += 1;
      log.error({ err: error, checkoutId: checkout.id }, 'reconciliation could not ask the payment provider; asked again at the next run');
    }
  }

  // Refunds recorded but not yet made (the provider was down for longer than their job kept trying): queued again,
  // to be made with the same idempotency key.
  report.refundsQueued = await queueRefunds(deps.db, deps.clock, await pendingRefundIds(deps.db, batch));
  // What it found, for GET /metrics (docs/metrics.md).
  deps.metrics.reconciled(report);
  return report;
}
