/**
 * No paid order left undelivered (docs/product/offers-and-prices.md#reconciliation): the reconciliation job settles
 * a paid checkout whose webhook never arrives, exactly once even when the webhook turns up at the same moment,
 * releases expired ones, waits for buyers still paying, and survives a provider that cannot be reached.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentsAttentionResponse } from '@beat/shared';
import { authed, createBeat, createUser, fixedClock, loginAs, fileTestApp } from '../../test/helper.js';
import { beats, checkouts, mailOutbox, purchases, refunds, type BeatRow } from '../../db/schema.js';
import { jobHandlers } from '../../background.js';
import { body, deliver, lineOf, openCheckoutOk, payWithoutWebhook, testProvider } from './checkout.test-support.js';
import { RECONCILE_AFTER_MS, reconcileCheckouts } from './reconcile.service.js';
import { RECONCILE_INTERVAL_MS, RECONCILE_QUEUE } from './reconcile.job.js';
import { ATTENTION_AFTER_MS } from './payments-attention.service.js';

const clock = fixedClock(new Date('2026-05-04T10:00:00Z'));
let lease: BeatRow;

const t = fileTestApp({ clock });
beforeAll(async () => {
  lease = await createBeat(t, { title: 'Harbor Lights', priceCents: 1999 });
});

async function buyerWithPaidCheckout(title = 'Harbor Lights') {
  const user = await createUser(t, { fullName: 'Rae Reconcile' });
  const token = await loginAs(t, user);
  const beat = title === lease.title ? lease : await createBeat(t, { title, priceCents: 2499 });
  const opened = await openCheckoutOk(t, token, 'beatPurchase', body(user, { beatDetails: [lineOf(beat)] }));
  const event = await payWithoutWebhook(t, opened.sessionId);
  return { user, opened, event };
}
const purchasesOf = (userId: string) => t.deps.db.select().from(purchases).where(eq(purchases.userId, userId));
const receiptsTo = async (email: string) =>
  (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) => m.subject === 'Your Beat Market receipt');

describe('reconciliation', () => {
  it('is a background job that runs every minute', () => {
    const handler = jobHandlers(t.deps, t.log)[RECONCILE_QUEUE];
    expect(handler?.everyMs).toBe(RECONCILE_INTERVAL_MS);
    expect(RECONCILE_INTERVAL_MS).toBe(60_000);
  });

  it('fulfils a paid checkout whose webhook never arrives and whose buyer never comes back, once', async () => {
    const { user, opened, event } = await buyerWithPaidCheckout();
    // A buyer may still be on the payment page: the job leaves young checkouts alone.
    const early = await reconcileCheckouts(t.deps, t.log);
    expect(early.fulfilled).toBe(0);
    expect(await purchasesOf(user.id)).toHaveLength(0);

    clock.advance(RECONCILE_AFTER_MS + 1_000);
    const report = await reconcileCheckouts(t.deps, t.log);
    expect(report.fulfilled).toBe(1);
    const bought = await purchasesOf(user.id);
    expect(bought.map((p) => [p.title, p.kind, p.priceCents])).toEqual([['Harbor Lights', 'lease', 1999]]);
    expect(await receiptsTo(user.email)).toHaveLength(1);
    const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.providerSessionId, opened.sessionId));
    expect(row!.fulfilledAt).not.toBeNull();

    // Settled checkouts are not asked about again, and the late webhook changes nothing.
    expect((await reconcileCheckouts(t.deps, t.log)).fulfilled).toBe(0);
    expect((await deliver(t, event)).statusCode).toBe(200);
    expect(await purchasesOf(user.id)).toHaveLength(1);
    expect(await receiptsTo(user.email)).toHaveLength(1);
  });

  it('fulfils once when the webhook arrives at the same moment as the job', async () => {
    const { user, event } = await buyerWithPaidCheckout('Tidal Ledger');
    clock.advance(RECONCILE_AFTER_MS + 1_000);
    const [webhook, report] = await Promise.all([deliver(t, event), reconcileCheckouts(t.deps, t.log), reconcileCheckouts(t.deps, t.log)]);
    expect(webhook.statusCode).toBe(200);
    expect(report.asked).toBeGreaterThanOrEqual(0);
    expect(await purchasesOf(user.id)).toHaveLength(1);
    expect(await receiptsTo(user.email)).toHaveLength(1);
  });

  it('releases the exclusive of a checkout that expired unpaid', async () => {
    const user = await createUser(t);
    const token = await loginAs(t, user);
    const exclusive = await createBeat(t, { title: 'Crown Glass', beatType: 'Exclusive', priceCents: 30000 });
    await openCheckoutOk(t, token, 'exclusive', body(user, { beatId: exclusive.id, price: 300 }));
    const [held] = await t.deps.db.select().from(beats).where(eq(beats.id, exclusive.id));
    expect(held!.reservedBy).toBe(user.id);

    clock.advance(31 * 60_000);
    const report = await reconcileCheckouts(t.deps, t.log);
    expect(report.expired).toBeGreaterThanOrEqual(1);
    const [freed] = await t.deps.db.select().from(beats).where(eq(beats.id, exclusive.id));
    expect(freed!.reservedBy).toBeNull();
    expect(freed!.soldAt).toBeNull();
    const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    expect(row!.status).toBe('expired');
  });

  it('writes nothing while the provider cannot be reached, and settles once it answers again', async () => {
    const { user } = await buyerWithPaidCheckout('Quiet Engine');
    clock.advance(RECONCILE_AFTER_MS + 1_000);
    const provider = testProvider(t);
    const retrieve = provider.retrieveCheckoutSession.bind(provider);
    provider.retrieveCheckoutSession = () => Promise.reject(new Error('connect ECONNREFUSED'));
    const errors: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: (_obj: object, msg?: string) => void errors.push(msg ?? '') };
    try {
      const down = await reconcileCheckouts(t.deps, log);
      expect(down.failed).toBeGreaterThanOrEqual(1);
      expect(errors).toContain('reconciliation could not ask the payment provider; asked again at the next run');
      expect(await purchasesOf(user.id)).toHaveLength(0);
    } finally {
      provider.retrieveCheckoutSession = retrieve;
    }
    expect((await reconcileCheckouts(t.deps, t.log)).fulfilled).toBe(1);
    expect(await purchasesOf(user.id)).toHaveLength(1);
  });
});

describe('payments needing attention', () => {
  let adminToken: string;
  const attention = async () =>
    ((await t.app.inject(authed(adminToken, { method: 'GET', url: '/api/admin/payments/attention' }))).json() as PaymentsAttentionResponse).items;
  const retry = (checkoutId: string) => t.app.inject(authed(adminToken, { method: 'POST', url: `/api/admin/payments/${checkoutId}/retry` }));

  beforeAll(async () => {
    adminToken = await loginAs(t, await createUser(t, { isAdmin: true }));
  });

  it('lists a checkout still unsettled ten minutes after it opened, and Retry settles it', async () => {
    const { user, opened } = await buyerWithPaidCheckout('Lantern Code');
    const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.providerSessionId, opened.sessionId));
    clock.advance(RECONCILE_AFTER_MS);
    expect((await attention()).some((i) => i.checkoutId === row!.id)).toBe(false);
    clock.advance(ATTENTION_AFTER_MS);
    const item = (await attention()).find((i) => i.checkoutId === row!.id);
    expect(item).toEqual({
      kind: 'unsettled',
      checkoutId: row!.id,
      email: user.email,
      amount: 24.99,
      since: row!.createdAt.toISOString(),
      reason: 'Paid, but not delivered yet: the store has not settled it with the payment provider.',
    });
    const res = await retry(row!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ state: 'paid' });
    expect(await purchasesOf(user.id)).toHaveLength(1);
    expect((await attention()).some((i) => i.checkoutId === row!.id)).toBe(false);
  });

  it('lists a refund the provider has not taken, with its reason, and Retry makes it once', async () => {
    const { user, opened } = await buyerWithPaidCheckout('Ember Route');
    clock.advance(RECONCILE_AFTER_MS + 1_000);
    await reconcileCheckouts(t.deps, t.log);
    const [row] = await t.deps.db.select().from(checkouts).where(eq(checkouts.providerSessionId, opened.sessionId));
    expect(row!.fulfilledAt).not.toBeNull();
    // A refund recorded while the provider refused it (as after a double payment).
    await t.deps.db.insert(refunds).values({ checkoutId: row!.id, amountCents: 2499, reason: 'Ember Route was paid twice.', createdAt: clock.now() });
    const item = (await attention()).find((i) => i.checkoutId === row!.id);
    expect(item).toMatchObject({ kind: 'refund', email: user.email, amount: 24.99, reason: 'Refund not taken by the payment provider yet. Ember Route was paid twice.' });
    expect((await retry(row!.id)).json()).toEqual({ state: 'paid' });
    const [made] = await t.deps.db.select().from(refunds).where(eq(refunds.checkoutId, row!.id));
    expect(made!.providerRefundId).not.toBeNull();
    expect((await attention()).some((i) => i.checkoutId === row!.id)).toBe(false);
  });

  it('answers 404 for a checkout that does not exist and 400 for text that is no id', async () => {
    expect((await retry('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await retry('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('checkoutId is not a checkout id');
  });
});
