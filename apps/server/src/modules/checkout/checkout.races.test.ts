/**
 * Races: the same event delivered at once, different settlements of one checkout at once, simultaneous
 * buyers of one exclusive, two payments for it. They run on both databases; on the PostgreSQL server
 * (TEST_DATABASE_URL) they are real races over a pool of connections, which PGlite's single connection hides.
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { authed, createBeat, createUser, dbKind, fixedClock, loginAs, fileTestApp } from '../../test/helper.js';
import { beats, checkouts, entitlements, mailOutbox, processedEvents, purchases, refunds, type UserRow } from '../../db/schema.js';
import { body, deliver, lineOf, openCheckout, openCheckoutOk, payWithoutWebhook, runRefundJobs, testProvider } from './checkout.test-support.js';

const clock = fixedClock(new Date('2026-05-01T10:00:00Z'));

const t = fileTestApp({ clock });

async function buyers(n: number): Promise<Array<{ user: UserRow; token: string }>> {
  const list = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(t);
    list.push({ user, token: await loginAs(t, user) });
  }
  return list;
}

const resign = (event: { payload: string }) => ({ payload: event.payload, header: testProvider(t).sign(event.payload) });

describe(`races (${dbKind})`, () => {
  it('fulfils once when the same event arrives many times at once', async () => {
    const { user, token } = (await buyers(1))[0]!;
    const a = await createBeat(t, { title: 'Rush One', priceCents: 1000 });
    const b = await createBeat(t, { title: 'Rush Two', priceCents: 2000 });
    const opened = await openCheckoutOk(t, token, 'beatPurchase', body(user, { beatDetails: [lineOf(a), lineOf(b)] }));
    const event = await payWithoutWebhook(t, opened.sessionId);

    const answers = await Promise.all(Array.from({ length: 12 }, () => deliver(t, event)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    expect(answers.filter((r) => r.json().outcome === 'paid')).toHaveLength(1);

    expect(await t.deps.db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(2);
    expect(await t.deps.db.select().from(entitlements).where(eq(entitlements.userId, user.id))).toHaveLength(2);
    expect(await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).toHaveLength(1);
    expect(await t.deps.db.select().from(processedEvents)).toHaveLength(1);
  });

  it('fulfils once when different events and the success page settle one checkout at once', async () => {
    const { user, token } = (await buyers(1))[0]!;
    const opened = await openCheckoutOk(t, token, 'vipPlan', body(user, { price: 29 }));
    const completed = await payWithoutWebhook(t, opened.sessionId);
    const succeeded = (await testProvider(t).buildEvent('checkout.session.async_payment_succeeded', opened.sessionId))!;
    const confirm = () => t.app.inject(authed(token, { method: 'POST', url: '/api/checkout/confirm', payload: { sessionId: opened.sessionId } }));

    const answers = await Promise.all([deliver(t, completed), deliver(t, succeeded), confirm(), confirm(), deliver(t, completed), confirm()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await t.deps.db.select().from(purchases).where(eq(purchases.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'vipPlan', refundedAt: null });
    expect(await t.deps.db.select().from(refunds).where(eq(refunds.checkoutId, opened.checkout.id))).toEqual([]);
    expect(await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).toHaveLength(1);
  });

  it('holds an exclusive for exactly one of many simultaneous buyers', async () => {
    const crowd = await buyers(8);
    for (let round = 0; round < 3; round++) {
      const beat = await createBeat(t, { title: `Hot Drop ${round}`, beatType: 'Exclusive', priceCents: 30000 });
      const answers = await Promise.all(
        crowd.map(({ user, token }, i) =>
          i % 2 === 0
            ? openCheckout(t, token, 'exclusive', body(user, { beatId: beat.id, price: 300 }))
            : openCheckout(t, token, 'beatPurchase', body(user, { beatDetails: [{ beatId: beat.id, price: 300 }] })),
        ),
      );
      const won = answers.filter((r) => r.statusCode === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(crowd.length - 1);
      const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
      const winner = crowd[answers.findIndex((r) => r.statusCode === 200)]!;
      expect(row!.reservedBy).toBe(winner.user.id);
      const open = await t.deps.db
        .select()
        .from(checkouts)
        .where(inArray(checkouts.userId, crowd.map((c) => c.user.id)));
      expect(open.filter((c) => c.status === 'open')).toHaveLength(round + 1);
    }
  });

  it('sells an exclusive once when two payments for it complete at the same moment, and refunds the other', async () => {
    const [first, second] = await buyers(2);
    const beat = await createBeat(t, { title: 'Photo Finish', beatType: 'Exclusive', priceCents: 45000 });
    const a = await openCheckoutOk(t, first!.token, 'exclusive', body(first!.user, { beatId: beat.id }));
    const eventA = await payWithoutWebhook(t, a.sessionId);
    clock.advance(31 * 60_000);
    const b = await openCheckoutOk(t, second!.token, 'exclusive', body(second!.user, { beatId: beat.id }));
    const eventB = await payWithoutWebhook(t, b.sessionId);

    const answers = await Promise.all([deliver(t, resign(eventA)), deliver(t, resign(eventB)), deliver(t, resign(eventA))]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await runRefundJobs(t);

    const owners = await t.deps.db.select().from(entitlements).where(eq(entitlements.beatId, beat.id));
    expect(owners).toHaveLength(1);
    const winner = owners[0]!.userId;
    const loserCheckout = winner === first!.user.id ? b.checkout : a.checkout;
    const made = await t.deps.db.select().from(refunds).where(inArray(refunds.checkoutId, [a.checkout.id, b.checkout.id]));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ checkoutId: loserCheckout.id, amountCents: 45000 });
    expect(made[0]!.providerRefundId).toMatch(/^re_test_/);
    const bought = await t.deps.db.select().from(purchases).where(eq(purchases.beatId, beat.id));
    expect(bought).toHaveLength(2);
    expect(bought.filter((p) => p.refundedAt === null).map((p) => p.userId)).toEqual([winner]);
    const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(row!.soldAt).not.toBeNull();
  });
});
