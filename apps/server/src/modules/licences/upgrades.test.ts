/**
 * Upgrades (docs/product/licenses.md#upgrades): a lease holder buys the exclusive of the same beat for the difference,
 * the lease turns `superseded`; holders race for one exclusive; a sold exclusive cannot be upgraded to.
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { CartResponse, ConfirmCheckoutResponse, LicenseVerification, PurchasesResponse, UpgradesResponse } from '@beat/shared';
import { authed, createBeat, dbKind, fixedClock, fileTestApp, signedInUser, expectMessage } from '../../test/helper.js';
import { beats, checkouts, mailOutbox, purchases, refunds, type BeatRow } from '../../db/schema.js';
import { body, deliver, lineOf, openCheckout, openCheckoutOk, payAtTestCheckout, payWithoutWebhook, testProvider } from '../checkout/checkout.test-support.js';
import { upgradePriceCents } from '../offers/upgrades.js';

const clock = fixedClock(new Date('2026-08-03T09:00:00Z'));

const t = fileTestApp({ clock });

type Holder = Awaited<ReturnType<typeof signedInUser>>;

const newBuyer = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides);

/** The buyer pays for an MP3 lease of the beat through the cart. */
async function buyLease(holder: Holder, beat: BeatRow): Promise<void> {
  const { sessionId } = await openCheckoutOk(t, holder.token, 'beatPurchase', body(holder.user, { beatDetails: [lineOf(beat)] }));
  expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);
}

/** The producer offers a leased catalog beat exclusively: it becomes an Exclusive at its exclusive price. */
async function offerExclusively(beat: BeatRow, priceCents: number): Promise<BeatRow> {
  const [row] = await t.deps.db
    .update(beats)
    .set({ beatType: 'Exclusive', priceCents, countdownEndTime: new Date(clock.now().getTime() + 7 * 86_400_000) })
    .where(eq(beats.id, beat.id))
    .returning();
  return row!;
}

/** Two buyers who each lease a new beat, which the producer then offers exclusively at `exclusiveCents`. */
async function twoLeaseHolders(title: string, leaseCents: number, exclusiveCents: number): Promise<{ a: Holder; b: Holder; beat: BeatRow }> {
  const [a, b] = [await newBuyer(), await newBuyer()];
  const leased = await createBeat(t, { title, priceCents: leaseCents });
  await buyLease(a, leased);
  await buyLease(b, leased);
  return { a, b, beat: await offerExclusively(leased, exclusiveCents) };
}

const upgradesOf = async (holder: Holder) =>
  ((await t.app.inject(authed(holder.token, { method: 'GET', url: `/api/users/${holder.user.id}/upgrades` }))).json() as UpgradesResponse).upgrades;

const historyOf = async (holder: Holder) =>
  ((await t.app.inject(authed(holder.token, { method: 'GET', url: `/api/getrecentpurchases/${holder.user.id}` }))).json() as PurchasesResponse).purchases;

const verify = async (licenseId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/licenses/${licenseId}/verify`, remoteAddress: '203.0.113.50' })).json() as LicenseVerification;

describe(`upgrades from a lease to the exclusive (${dbKind})`, () => {
  it('costs the exclusive less the lease, exact to the cent, and supersedes the lease once paid', async () => {
    const holder = await newBuyer({ fullName: 'Ada Upgrade' });
    const leased = await createBeat(t, { title: 'Climb Higher', priceCents: 2999 });
    await buyLease(holder, leased);
    expect(await upgradesOf(holder)).toEqual([]);
    const beat = await offerExclusively(leased, 30000);

    const [offer] = await upgradesOf(holder);
    expect(offer).toMatchObject({ beatId: beat.id, beatTitle: 'Climb Higher', alreadyPaid: 29.99, exclusivePrice: 300, price: 270.01 });

    // The cart shows the same price for the same buyer; the whole price is refused, the upgrade's is charged.
    await t.app.inject(authed(holder.token, { method: 'POST', url: '/api/cart', payload: { userId: holder.user.id, beatId: beat.id } }));
    const cart = (await t.app.inject(authed(holder.token, { method: 'GET', url: `/api/cart/${holder.user.id}` }))).json() as CartResponse;
    expect(cart.cartItems.find((i) => i._id === beat.id)).toMatchObject({ licence: 'EXCLUSIVE', price: 270.01, upgrade: { alreadyPaid: 29.99 } });
    const full = await openCheckout(t, holder.token, 'exclusive', body(holder.user, { beatId: beat.id, price: 300 }));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toContain('$270.01');

    const { sessionId, checkout } = await openCheckoutOk(t, holder.token, 'exclusive', body(holder.user, { beatId: beat.id, price: 270.01 }));
    expect(checkout.amountCents).toBe(27001);
    const label = 'Upgrade: Climb Higher MP3 lease \u2192 Exclusive (\u2212$29.99 already paid)';
    const page = await t.app.inject({ method: 'GET', url: `/test-checkout/${sessionId}` });
    expect(page.body).toContain(label);
    expect(page.body).toContain('$270.01');
    expect(page.body).toContain('Exclusive License');

    expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);
    const confirm = await t.app.inject(authed(holder.token, { method: 'POST', url: '/api/checkout/confirm', payload: { sessionId } }));
    expect((confirm.json() as ConfirmCheckoutResponse).items).toEqual([
      { title: label, kind: 'exclusive', price: 270.01, refunded: false, tier: { key: 'exclusive', name: 'Exclusive' } },
    ]);

    const history = await historyOf(holder);
    const lease = history.find((p) => p.kind === 'lease' && p.beatId === beat.id)!;
    const exclusive = history.find((p) => p.kind === 'exclusive' && p.beatId === beat.id)!;
    expect(lease).toMatchObject({ status: 'superseded', refunded: false, price: 29.99 });
    expect(exclusive).toMatchObject({ status: 'valid', price: 270.01, upgradedFromPaid: 29.99 });
    expect((await verify(lease.licenseId)).status).toBe('superseded');
    expect((await verify(exclusive.licenseId)).status).toBe('valid');

    const mails = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, holder.user.email));
    expect(mails.some((m) => m.text.includes(label) && m.text.includes('$270.01'))).toBe(true);
    expect(await upgradesOf(holder)).toEqual([]);
    const [sold] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(sold!.soldAt).not.toBeNull();
  });

  it('never costs less than nothing', () => {
    expect(upgradePriceCents(30000, { paidCents: 2999 })).toBe(27001);
    expect(upgradePriceCents(30000, { paidCents: 30000 })).toBe(0);
    expect(upgradePriceCents(30000, { paidCents: 45000 })).toBe(0);
  });

  it('a VIP member or a credit user pays the whole exclusive: only a paid lease counts', async () => {
    const vip = await newBuyer({ userType: 'vipUser' });
    const creditUser = await newBuyer({ credits: 2 });
    const beat = await createBeat(t, { title: 'Members Only', priceCents: null });
    const unlocked = await t.app.inject(
      authed(creditUser.token, { method: 'POST', url: '/api/reduce-credits', payload: { email: creditUser.user.email, beatId: beat.id } }),
    );
    expect(unlocked.statusCode).toBe(200);
    await offerExclusively(beat, 25000);
    for (const buyer of [vip, creditUser]) {
      expect(await upgradesOf(buyer)).toEqual([]);
      const res = await openCheckout(t, buyer.token, 'exclusive', body(buyer.user, { beatId: beat.id, price: 250 }));
      expect(res.statusCode).toBe(200);
      await t.app.inject({ method: 'GET', url: `/test-checkout/${(res.json() as { session: { id: string } }).session.id}/cancel` });
    }
  });

  it('two lease holders racing for one exclusive: one holds it, the other is refused', async () => {
    const { a, b, beat } = await twoLeaseHolders('One Crown', 2000, 20000);
    const answers = await Promise.all([a, b].map((h) => openCheckout(t, h.token, 'exclusive', body(h.user, { beatId: beat.id, price: 180 }))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toContain('is being bought by another customer right now');
  });

  it('two upgrades that both get paid: one gets the exclusive, the other is refunded and keeps a valid lease', async () => {
    const { a, b, beat } = await twoLeaseHolders('Photo Crown', 1500, 10000);
    const first = await openCheckoutOk(t, a.token, 'exclusive', body(a.user, { beatId: beat.id }));
    const eventA = await payWithoutWebhook(t, first.sessionId);
    clock.advance(31 * 60_000);
    const second = await openCheckoutOk(t, b.token, 'exclusive', body(b.user, { beatId: beat.id }));
    const eventB = await payWithoutWebhook(t, second.sessionId);
    const resign = (event: { payload: string }) => ({ payload: event.payload, header: testProvider(t).sign(event.payload) });
    const answers = await Promise.all([deliver(t, resign(eventA)), deliver(t, resign(eventB))]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);

    const made = await t.deps.db.select().from(refunds).where(inArray(refunds.checkoutId, [first.checkout.id, second.checkout.id]));
    expect(made).toHaveLength(1);
    expect(made[0]!.amountCents).toBe(8500);
    const rows = await t.deps.db.select().from(purchases).where(eq(purchases.beatId, beat.id));
    const won = rows.filter((p) => p.kind === 'exclusive' && p.refundedAt === null);
    expect(won).toHaveLength(1);
    const winner = won[0]!.userId;
    const leases = rows.filter((p) => p.kind === 'lease');
    expect(leases.find((p) => p.userId === winner)!.supersededBy).toBe(won[0]!.id);
    expect(leases.find((p) => p.userId !== winner)!.supersededAt).toBeNull();
  });

  it('a sold exclusive cannot be upgraded to', async () => {
    const { a, b, beat } = await twoLeaseHolders('Gone Gold', 2500, 9000);
    const { sessionId } = await openCheckoutOk(t, a.token, 'exclusive', body(a.user, { beatId: beat.id, price: 65 }));
    expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);
    expect(await upgradesOf(b)).toEqual([]);
    expectMessage(await openCheckout(t, b.token, 'exclusive', body(b.user, { beatId: beat.id, price: 65 })), 409, 'Gone Gold has already been sold.');
    const bLease = (await historyOf(b)).find((p) => p.beatId === beat.id)!;
    expect(bLease.status).toBe('valid');
  });

  it('an upgrade whose lease was refunded before payment is refunded, and the exclusive stays for sale', async () => {
    const holder = await newBuyer();
    const leased = await createBeat(t, { title: 'Shaky Ground', priceCents: 3000 });
    await buyLease(holder, leased);
    const beat = await offerExclusively(leased, 12000);
    const { sessionId, checkout } = await openCheckoutOk(t, holder.token, 'exclusive', body(holder.user, { beatId: beat.id, price: 90 }));
    await t.deps.db
      .update(purchases)
      .set({ refundedAt: clock.now() })
      .where(eq(purchases.beatId, beat.id));
    expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);
    const [made] = await t.deps.db.select().from(refunds).where(eq(refunds.checkoutId, checkout.id));
    expect(made).toMatchObject({ amountCents: 9000 });
    expect(made!.reason).toContain('this upgrade builds on was refunded or upgraded');
    const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
    expect(row!.soldAt).toBeNull();
    const [paid] = await t.deps.db.select().from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(paid!.fulfilledAt).not.toBeNull();
  });
});
