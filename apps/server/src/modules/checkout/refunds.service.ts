/**
 * Making the refunds a settlement records (docs/product/offers-and-prices.md#reconciliation): each refund is queued
 * as a job in the transaction that records it, the job asks the payment provider with the refund's id as its
 * idempotency key, and the provider's refund id and the buyer's notice are written together, once.
 */
import { and, asc, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import type { Db, Tx } from '../../db/client.js';
import { checkoutItems, checkouts, jobs, refunds, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { enqueueJobs } from '../../jobs/job-queue.js';
import type { JobLogger as Log } from '../../jobs/job-worker.js';
import { sendRefundNotice } from './receipts.js';

export const REFUND_QUEUE = 'refund.make';
/** With the queue's back-off (5 s, 20 s, 80 s … at most 15 minutes apart) a refund is tried for about two hours; reconciliation queues it again after that. */
export const REFUND_ATTEMPTS = 12;

/** Queues one job per refund, keyed by the refund: a refund already waiting (in its back-off) is not queued twice. */
export function queueRefunds(conn: Db | Tx, clock: Clock, refundIds: string[]): Promise<number> {
  return enqueueJobs(
    conn,
    clock,
    REFUND_QUEUE,
    refundIds.map((id) => ({ payload: { refundId: id }, singletonKey: id })),
    { maxAttempts: REFUND_ATTEMPTS },
  );
}

/**
 * Makes one recorded refund at the payment provider and tells the buyer. Safe to run again at any point (a job
 * whose worker died, the admin's Retry racing the job): a refund already recorded is left alone, the provider sees
 * the same idempotency key, and only the run that records the provider's refund id writes the notice, in the same
 * transaction. Throws when the provider cannot be reached or refuses, so the job retries later. True when this
 * call made it.
 */
export async function makeRefund(deps: Deps, refundId: string, log: Log): Promise<boolean> {
  const [found] = await deps.db
    .select({ refund: refunds, checkout: checkouts })
    .from(refunds)
    .innerJoin(checkouts, eq(checkouts.id, refunds.checkoutId))
    .where(eq(refunds.id, refundId))
    .limit(1);
  if (!found || found.refund.providerRefundId) return false;
  const { refund, checkout } = found;
  if (!checkout.paymentIntentId) {
    log.error({ checkoutId: checkout.id, refundId }, 'refund pending but the checkout has no payment id');
    return false;
  }
  const { id: providerRefundId } = await deps.payments.refund({
    paymentIntentId: checkout.paymentIntentId,
    amountCents: refund.amountCents,
    idempotencyKey: refund.id,
  });
  const made = await deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(refunds)
      .set({ providerRefundId })
      .where(and(eq(refunds.id, refund.id), isNull(refunds.providerRefundId)))
      .returning();
    if (!recorded) return false;
    const [buyer] = checkout.userId ? await tx.select().from(users).where(eq(users.id, checkout.userId)).limit(1) : [];
    const items = await tx.select({ title: checkoutItems.title }).from(checkoutItems).where(eq(checkoutItems.checkoutId, checkout.id));
    await sendRefundNotice(deps, tx, {
      to: buyer?.email ?? checkout.email,
      name: buyer?.fullName ?? checkout.email,
      orderId: checkout.id,
      title: items.find((i) => refund.reason.includes(i.title))?.title ?? 'your purchase',
      amountCents: refund.amountCents,
      reason: refund.reason,
    });
    return true;
  });
  if (made) log.info({ checkoutId: checkout.id, refundId, providerRefundId }, 'refund made');
  return made;
}

/** The admin's Retry: the checkout's refunds not yet made are tried now, each on its own. */
export async function makePendingRefunds(deps: Deps, checkoutId: string, log: Log): Promise<void> {
  const pending = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.checkoutId, checkoutId), isNull(refunds.providerRefundId)))
    .orderBy(asc(refunds.createdAt));
  for (const { id } of pending) {
    try {
      await makeRefund(deps, id, log);
    } catch (error) {
      log.error({ err: error, checkoutId, refundId: id }, 'refund failed; it will be retried');
    }
  }
}

/**
 * Refunds of settled checkouts not made yet and with no job waiting or running (theirs gave up, or there was none),
 * oldest first: reconciliation queues them again.
 */
export async function pendingRefundIds(db: Db, limit: number): Promise<string[]> {
  const waiting = db
    .select({ key: jobs.singletonKey })
    .from(jobs)
    .where(and(eq(jobs.queue, REFUND_QUEUE), inArray(jobs.status, ['queued', 'running']), eq(jobs.singletonKey, sql`${refunds.id}::text`)));
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(checkouts, eq(checkouts.id, refunds.checkoutId))
    .where(and(isNull(refunds.providerRefundId), isNotNull(checkouts.fulfilledAt), notExists(waiting)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
