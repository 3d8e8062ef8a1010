/**
 * Offers on exclusives (docs/product/exclusive-offers.md): the minimum, the counter, accepting into a checkout at the
 * agreed amount and a sale, the 48-hour hold, expiry by its job, offers on sold beats, and the limits. Runs on both
 * databases (TEST_DATABASE_URL for the PostgreSQL server).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { ExclusiveOffer } from '@beat/shared';
import { authed, createBeat, createTestApp, createUser, dbKind, fixedClock, loginAs, signedInUser, expectMessage, expectMessageOnly, type TestApp } from '../../test/helper.js';
import { beats, checkouts, exclusiveOffers, mailOutbox, purchases, type BeatRow, type UserRow } from '../../db/schema.js';
import { runJobsUntilIdle } from '../../jobs/job-worker.js';
import { body, openCheckout, payAtTestCheckout } from '../checkout/checkout.test-support.js';
import { exclusiveOfferJobHandlers } from './exclusive-offers.jobs.js';

const start = new Date('2026-06-01T10:00:00Z');
const clock = fixedClock(start);
const HOUR = 3_600_000;
let t: TestApp;
let admin: UserRow;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createUser(t, { isAdmin: true });
  adminToken = await loginAs(t, admin);
});
afterAll(async () => {
  await t?.close();
});

const buyer = () => signedInUser(t);

const exclusive = (overrides: Partial<BeatRow> = {}) =>
  createBeat(t, { title: `Only One ${Math.random().toString(36).slice(2, 8)}`, beatType: 'Exclusive', priceCents: 50_000, ...overrides });

function post(token: string, url: string, payload: object = {}) {
  return t.app.inject(authed(token, { method: 'POST', url, payload }));
}

async function offer(token: string, beat: BeatRow, amount: number, message?: string): Promise<ExclusiveOffer> {
  const res = await post(token, '/api/exclusive-offers', { beatId: beat.id, amount, message });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { offer: ExclusiveOffer }).offer;
}

async function adminAnswers(offerId: string, answer: object): Promise<ExclusiveOffer> {
  const res = await post(adminToken, `/api/admin/exclusive-offers/${offerId}/answer`, answer);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { offer: ExclusiveOffer }).offer;
}

const runOfferJobs = () => runJobsUntilIdle(t.deps, exclusiveOfferJobHandlers(t.deps, t.log), { log: t.log });
const mailTo = (user: UserRow, subject: string) =>
  t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, user.email), like(mailOutbox.subject, `%${subject}%`)));
const beatRow = async (beat: BeatRow) => (await t.deps.db.select().from(beats).where(eq(beats.id, beat.id)))[0]!;
const offerRow = async (id: string) => (await t.deps.db.select().from(exclusiveOffers).where(eq(exclusiveOffers.id, id)))[0]!;

describe(`offers on exclusives (${dbKind})`, () => {
  it('refuses an offer below the beat’s minimum with a message naming it, and takes one at the minimum', async () => {
    const beat = await exclusive({ title: 'Floor Price' });
    const set = await t.app.inject(authed(adminToken, { method: 'PUT', url: `/api/admin/exclusive-offers/beats/${beat.id}/minimum`, payload: { minimumOffer: 300 } }));
    expect(set.statusCode, set.body).toBe(200);
    const terms = await t.app.inject({ method: 'GET', url: `/api/exclusive-offers/beats/${beat.id}` });
    expect(terms.json()).toEqual({ beatId: beat.id, takesOffers: true, minimumOffer: 300, listPrice: 500 });

    const { user, token } = await buyer();
    expectMessageOnly(await post(token, '/api/exclusive-offers', { beatId: beat.id, amount: 299.99 }), 400, 'The minimum offer for Floor Price is $300.00.');
    expectMessage(await post(token, '/api/exclusive-offers', { beatId: beat.id, amount: 500 }), 400, 'Floor Price is $500.00: an offer is below the list price. Buy it at its price instead.');

    const made = await offer(token, beat, 300, 'For my album');
    expect(made).toMatchObject({ state: 'open', amount: 300, message: 'For my album', listPrice: 500, agreedAmount: null, payBefore: null });
    expect(await mailTo(user, 'Your offer on Floor Price')).toHaveLength(1);
    expect(await mailTo(admin, 'New offer: $300.00 for Floor Price')).toHaveLength(1);
    const mine = await t.app.inject(authed(token, { method: 'GET', url: '/api/exclusive-offers' }));
    expect((mine.json() as { offers: ExclusiveOffer[] }).offers.map((o) => o._id)).toEqual([made._id]);
  });

  it('keeps one live offer per buyer and beat: a second is refused until the first is withdrawn', async () => {
    const beat = await exclusive();
    const { token } = await buyer();
    const first = await offer(token, beat, 200);
    const again = await post(token, '/api/exclusive-offers', { beatId: beat.id, amount: 250 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('You already have an offer on');
    const withdrawn = await post(token, `/api/exclusive-offers/${first._id}/withdraw`);
    expect(withdrawn.json().offer.state).toBe('withdrawn');
    expect((await offer(token, beat, 250)).state).toBe('open');
  });

  it('counter → the buyer accepts → a checkout at the counter’s amount → paid: the beat is sold and other offers close', async () => {
    const beat = await exclusive({ title: 'Counter Point' });
    const { user, token } = await buyer();
    const rival = await buyer();
    const made = await offer(token, beat, 300);
    const rivalOffer = await offer(rival.token, beat, 320);

    const tooLow = await post(adminToken, `/api/admin/exclusive-offers/${made._id}/answer`, { answer: 'counter', amount: 250 });
    expect(tooLow.statusCode).toBe(400);
    const countered = await adminAnswers(made._id, { answer: 'counter', amount: 420, message: 'Meet me halfway' });
    expect(countered).toMatchObject({ state: 'countered', counterAmount: 420, counterMessage: 'Meet me halfway' });
    expect(await mailTo(user, 'Counter offer on Counter Point')).toHaveLength(1);

    // Only the buyer answers a counter; the producer cannot answer it again.
    expect((await post(rival.token, `/api/exclusive-offers/${made._id}/answer`, { answer: 'accept' })).statusCode).toBe(403);
    expect((await post(adminToken, `/api/admin/exclusive-offers/${made._id}/answer`, { answer: 'accept' })).statusCode).toBe(409);

    const accepted = await post(token, `/api/exclusive-offers/${made._id}/answer`, { answer: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().offer).toMatchObject({ state: 'accepted', agreedAmount: 420, payBefore: new Date(start.getTime() + 48 * HOUR).toISOString() });
    expect(await mailTo(user, 'Offer accepted: Counter Point for $420.00')).toHaveLength(1);

    const pay = await post(token, `/api/exclusive-offers/${made._id}/checkout`);
    expect(pay.statusCode, pay.body).toBe(200);
    const { session } = pay.json() as { session: { id: string; url: string } };
    const [checkout] = await t.deps.db.select().from(checkouts).where(eq(checkouts.providerSessionId, session.id));
    expect(checkout!.amountCents).toBe(42_000);
    expect((await payAtTestCheckout(t, session.id)).statusCode).toBe(303);

    expect((await beatRow(beat)).soldAt).not.toBeNull();
    const [bought] = await t.deps.db.select().from(purchases).where(eq(purchases.checkoutId, checkout!.id));
    expect(bought).toMatchObject({ kind: 'exclusive', priceCents: 42_000, userId: user.id });
    expect(await runOfferJobs()).toBeGreaterThan(0);
    expect((await offerRow(made._id)).state).toBe('paid');
    expect((await offerRow(rivalOffer._id)).state).toBe('closed');
    expect(await mailTo(rival.user, 'Counter Point was sold')).toHaveLength(1);
  });

  it('holds the exclusive for the accepted buyer for 48 hours, past a checkout they leave', async () => {
    const beat = await exclusive({ title: 'Held For You' });
    const { user, token } = await buyer();
    const other = await buyer();
    const made = await offer(token, beat, 400);
    await adminAnswers(made._id, { answer: 'accept' });
    expect(await beatRow(beat)).toMatchObject({ reservedBy: user.id, reservedUntil: new Date(start.getTime() + 48 * HOUR) });

    const refused = await openCheckout(t, other.token, 'exclusive', body(other.user, { beatId: beat.id, sessionType: 'exclusive' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Held For You is being bought by another customer right now. If they do not complete their purchase it is available again within 48 hours.',
    });

    const pay = await post(token, `/api/exclusive-offers/${made._id}/checkout`);
    const { session } = pay.json() as { session: { id: string } };
    const cancelled = await post(token, '/api/checkout/cancel', { checkout: session.id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await beatRow(beat)).toMatchObject({ reservedBy: user.id, reservedUntil: new Date(start.getTime() + 48 * HOUR) });
  });

  it('refuses offers on a sold beat and on a beat that is not an exclusive', async () => {
    const { token } = await buyer();
    const sold = await exclusive({ title: 'Gone Already', soldAt: start });
    expectMessageOnly(await post(token, '/api/exclusive-offers', { beatId: sold.id, amount: 100 }), 409, 'Gone Already has already been sold.');
    const lease = await createBeat(t, { title: 'Just A Lease' });
    expectMessage(await post(token, '/api/exclusive-offers', { beatId: lease.id, amount: 10 }), 400, 'Just A Lease is not an exclusive: offers are made on exclusives only.');
    const terms = await t.app.inject({ method: 'GET', url: `/api/exclusive-offers/beats/${sold.id}` });
    expect(terms.json().takesOffers).toBe(false);
  });

  it('refuses accepting an offer on a beat sold meanwhile, and leaves the offer as it was', async () => {
    const beat = await exclusive();
    const { token } = await buyer();
    const made = await offer(token, beat, 200);
    await t.deps.db.update(beats).set({ soldAt: start }).where(eq(beats.id, beat.id));
    const res = await post(adminToken, `/api/admin/exclusive-offers/${made._id}/answer`, { answer: 'accept' });
    expect(res.statusCode).toBe(409);
    expect((await offerRow(made._id)).state).toBe('open');
  });

  it('lets an account make 10 offers a day, then answers 429 with a readable message', async () => {
    const { user, token } = await buyer();
    const many = await Promise.all(Array.from({ length: 11 }, () => exclusive()));
    for (const beat of many.slice(0, 10)) await offer(token, beat, 100);
    const eleventh = await post(token, '/api/exclusive-offers', { beatId: many[10]!.id, amount: 100 });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(/^Too many offers\. Please try again in/);
    const rows = await t.deps.db.select().from(exclusiveOffers).where(eq(exclusiveOffers.buyerId, user.id));
    expect(rows).toHaveLength(10);
  });

  it('keeps another account away from a buyer’s offer', async () => {
    const beat = await exclusive();
    const { token } = await buyer();
    const other = await buyer();
    const made = await offer(token, beat, 200);
    for (const url of [`/api/exclusive-offers/${made._id}/withdraw`, `/api/exclusive-offers/${made._id}/checkout`]) {
      expectMessageOnly(await post(other.token, url), 403, 'This offer belongs to another account.');
    }
    expect((await offerRow(made._id)).state).toBe('open');
  });
  it('closes a buyer’s own offer without a “sold” e-mail when they buy the exclusive at its list price', async () => {
    const beat = await exclusive({ title: 'Paid In Full' });
    const { user, token } = await buyer();
    const made = await offer(token, beat, 300);
    const opened = await openCheckout(t, token, 'exclusive', body(user, { beatId: beat.id, sessionType: 'exclusive' }));
    expect(opened.statusCode, opened.body).toBe(200);
    const { session } = opened.json() as { session: { id: string } };
    expect((await payAtTestCheckout(t, session.id)).statusCode).toBe(303);
    await runOfferJobs();
    expect((await offerRow(made._id)).state).toBe('closed');
    expect(await mailTo(user, 'Paid In Full was sold')).toHaveLength(0);
  });

  // Last: it moves the clock 48 hours on.
  it('expires an accepted offer unpaid after 48 hours by its job: the hold ends and both sides are told', async () => {
    const beat = await exclusive({ title: 'Too Late' });
    const { user, token } = await buyer();
    const made = await offer(token, beat, 400);
    await adminAnswers(made._id, { answer: 'accept' });

    clock.advance(47 * HOUR);
    await runOfferJobs();
    expect((await offerRow(made._id)).state).toBe('accepted');

    clock.advance(HOUR);
    // Its job (and those of earlier tests' accepted offers, due at the same time) runs now.
    expect(await runOfferJobs()).toBeGreaterThan(0);
    expect((await offerRow(made._id)).state).toBe('expired');
    expect(await beatRow(beat)).toMatchObject({ reservedBy: null, reservedUntil: null });
    expect(await mailTo(user, 'Your accepted offer on Too Late expired')).toHaveLength(1);
    expect(await mailTo(admin, 'Accepted offer expired: Too Late')).toHaveLength(1);
    // Sessions end too after two days: the buyer signs in again and finds the offer can no longer be paid.
    expectMessageOnly(await post(await loginAs(t, user), `/api/exclusive-offers/${made._id}/checkout`), 409, 'This offer cannot be paid: it is expired unpaid.');
    // A second run of the job changes nothing.
    expect(await runOfferJobs()).toBe(0);
  });
});
