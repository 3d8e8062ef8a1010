/**
 * What follows a settlement is durable (docs/background-jobs.md): the receipt, the "New sale" notice and a job per
 * refund commit with the fulfilment; each e-mail goes out once even when its job runs twice (a worker that died after
 * sending); a refund retries with back-off while the payment provider is down and tells the buyer once; two workers
 * share the jobs without doing any twice. Through the app as configured with SMTP_URL, against a real SMTP server on
 * loopback, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { createBeat, createTestApp, createUser, dbKind, expectServerError, fixedClock, loginAs, type TestApp } from '../../test/helper.js';
import { jobs, mailOutbox, refunds, type BeatRow, type JobRow, type UserRow } from '../../db/schema.js';
import { claimJobs, recoverAbandonedJobs } from '../../jobs/job-queue.js';
import { runJobsUntilIdle, type JobHandlers } from '../../jobs/job-worker.js';
import { MAIL_QUEUE } from '../../adapters/mail/smtp-mailer.js';
import type { RefundInput } from '../../adapters/payments/payments.js';
import { body, deliver, lineOf, openCheckoutOk, payWithoutWebhook, testProvider } from './checkout.test-support.js';
import { refundJobHandlers } from './refunds.job.js';
import { REFUND_QUEUE } from './refunds.service.js';
import { reconcileCheckouts } from './reconcile.service.js';

const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));
/** Recipients of every message the SMTP server accepted. */
const received: string[][] = [];
let server: TestSmtpServer;
let t: TestApp;
let admin: UserRow;
let handlers: JobHandlers;
/** Every refund asked of the provider, as the provider was asked. */
let refundCalls: RefundInput[] = [];
let providerDown = false;

beforeAll(async () => {
  server = await startTestSmtpServer((mail) => void received.push(mail.to));
  t = await createTestApp({ clock, env: { SMTP_URL: server.url, MAIL_FROM: 'Beat Market <store@beatmarket.test>' } });
  admin = await createUser(t, { isAdmin: true, fullName: 'Ada Admin' });
  handlers = { ...t.deps.mailer.jobHandlers, ...refundJobHandlers(t.deps, t.log) };
  // The built-in provider's refund, counted, and refused while `providerDown` (the provider cannot be reached).
  const provider = testProvider(t);
  const refund = provider.refund.bind(provider);
  provider.refund = async (input) => {
    refundCalls.push(input);
    if (providerDown) throw new Error('connect ECONNREFUSED 127.0.0.1:443');
    return refund(input);
  };
});

afterAll(async () => {
  await t?.close();
  await server.close();
});

const runJobs = () => runJobsUntilIdle(t.deps, handlers, { log: t.log });
const mailTo = (email: string) => t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const receivedBy = (email: string) => received.filter((to) => to.includes(email)).length;
const jobsOf = (queue: string) => t.deps.db.select().from(jobs).where(eq(jobs.queue, queue));
const refundJobOf = async (refundId: string): Promise<JobRow> =>
  (await t.deps.db.select().from(jobs).where(and(eq(jobs.queue, REFUND_QUEUE), eq(jobs.singletonKey, refundId))))[0]!;
const mailJobOf = async (outboxId: string): Promise<JobRow | undefined> =>
  (await t.deps.db.select().from(jobs).where(and(eq(jobs.queue, MAIL_QUEUE), sql`${jobs.payload}->>'outboxId' = ${outboxId}`)))[0];

/**
 * A buyer pays two checkouts that both hold one lease (the second also holds another beat): the second is settled
 * with that lease refunded ("paid twice"). Only the settlements run; no job does.
 */
async function settlementWithRefund(): Promise<{ buyer: UserRow; refundId: string; checkoutId: string }> {
  const buyer = await createUser(t, { fullName: 'Rory Refund' });
  const token = await loginAs(t, buyer);
  const twice: BeatRow = await createBeat(t, { title: `Twice Paid ${buyer.id.slice(0, 6)}`, priceCents: 1999 });
  const other: BeatRow = await createBeat(t, { title: `Kept ${buyer.id.slice(0, 6)}`, priceCents: 2999 });
  const first = await openCheckoutOk(t, token, 'beatPurchase', body(buyer, { beatDetails: [lineOf(twice)] }));
  const second = await openCheckoutOk(t, token, 'beatPurchase', body(buyer, { beatDetails: [lineOf(twice), lineOf(other)] }));
  const firstPaid = await payWithoutWebhook(t, first.sessionId);
  const secondPaid = await payWithoutWebhook(t, second.sessionId);
  expect((await deliver(t, firstPaid)).json().outcome).toBe('paid');
  expect((await deliver(t, secondPaid)).json().outcome).toBe('paid');
  const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.checkoutId, second.checkout.id));
  expect(refund).toMatchObject({ amountCents: 1999, providerRefundId: null });
  return { buyer, refundId: refund!.id, checkoutId: second.checkout.id };
}

/** Claims the due jobs of `queue` as a worker that runs them and then dies before it can mark them done. */
async function runAndDie(queue: string): Promise<number> {
  const claimed = await claimJobs(t.deps.db, clock, 'worker-killed', [queue], 100, 30_000);
  for (const job of claimed) await handlers[queue]!.run(job.payload, { job, signal: new AbortController().signal });
  return claimed.length;
}

/** The dead worker's leases run out; a live worker takes its jobs back. */
async function leasesRunOut(): Promise<void> {
  clock.advance(31_000);
  await recoverAbandonedJobs(t.deps.db, clock);
}

describe(`after a settlement (${dbKind})`, () => {
  it('commits the receipt, the "New sale" notice and a job per refund with the fulfilment, before any job runs', async () => {
    const { buyer, refundId, checkoutId } = await settlementWithRefund();

    const receipts = (await mailTo(buyer.email)).filter((m) => m.subject === 'Your Beat Market receipt');
    expect(receipts).toHaveLength(2);
    const forSecond = receipts.find((m) => m.text.includes(checkoutId))!;
    expect(forSecond.text).toContain('A separate e-mail explains why.');
    expect(await mailJobOf(forSecond.id)).toMatchObject({ status: 'queued', attempts: 0 });
    const notices = (await mailTo(admin.email)).filter((m) => m.subject.startsWith('New sale'));
    expect(notices).toHaveLength(2);
    for (const notice of notices) expect(await mailJobOf(notice.id)).toMatchObject({ status: 'queued' });

    expect(await refundJobOf(refundId)).toMatchObject({ status: 'queued', attempts: 0, payload: { refundId } });
    // Nothing has reached the provider or the mail server yet: a process that died now would lose none of it.
    expect(refundCalls).toEqual([]);
    expect(received).toEqual([]);
    expect((await mailTo(buyer.email)).some((m) => m.subject.startsWith('Refund'))).toBe(false);

    await runJobs();
    expect(refundCalls.map((c) => c.idempotencyKey)).toEqual([refundId]);
    const [made] = await t.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(made!.providerRefundId).toMatch(/^re_test_/);
    const told = (await mailTo(buyer.email)).filter((m) => m.subject.startsWith('Refund for Twice Paid'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('We have refunded $19.99');
    // Two receipts and the refund notice to the buyer, a notice per sale to the admin.
    expect(receivedBy(buyer.email)).toBe(3);
    expect(receivedBy(admin.email)).toBe(2);
  });

  it('sends each e-mail and makes each refund once when a worker dies after doing the work and its jobs run again', async () => {
    refundCalls = [];
    const { buyer, refundId } = await settlementWithRefund();
    const sentBefore = received.length;

    // A worker sends the receipts and notices, then dies before marking its jobs done: another runs them again.
    const mails = await runAndDie(MAIL_QUEUE);
    expect(mails).toBe(4);
    expect(received.length - sentBefore).toBe(4);
    await leasesRunOut();
    const again = await runJobsUntilIdle(t.deps, { [MAIL_QUEUE]: handlers[MAIL_QUEUE]! }, { log: t.log });
    expect(again).toBe(4);
    expect(received.length - sentBefore).toBe(4);

    // Same for the refund: made and recorded with its notice, then the worker dies; the second run changes nothing.
    expect(await runAndDie(REFUND_QUEUE)).toBe(1);
    await leasesRunOut();
    expect(await runJobsUntilIdle(t.deps, { [REFUND_QUEUE]: handlers[REFUND_QUEUE]! }, { log: t.log })).toBe(1);
    expect(await refundJobOf(refundId)).toMatchObject({ status: 'done', attempts: 2 });
    expect(refundCalls).toHaveLength(1);
    expect((await mailTo(buyer.email)).filter((m) => m.subject.startsWith('Refund'))).toHaveLength(1);
    await runJobs();
    expect(receivedBy(buyer.email)).toBe(3);
  });

  it('asks the provider again with the same key when its answer was lost, and tells the buyer once', async () => {
    refundCalls = [];
    const { buyer, refundId } = await settlementWithRefund();
    // The provider makes the refund but the response never arrives (the connection drops on the way back).
    const provider = testProvider(t);
    const counted = provider.refund;
    provider.refund = async (input) => {
      await counted(input);
      throw new Error('socket hang up');
    };
    try {
      await runJobs();
    } finally {
      provider.refund = counted;
    }
    expect(await refundJobOf(refundId)).toMatchObject({ status: 'queued', attempts: 1 });
    clock.advance(7_000);
    await runJobs();
    expect(refundCalls.map((c) => c.idempotencyKey)).toEqual([refundId, refundId]);
    expect((await mailTo(buyer.email)).filter((m) => m.subject.startsWith('Refund'))).toHaveLength(1);
  });

  it('retries a refund with back-off while the provider is down, makes it once it answers, and tells the buyer once', async () => {
    refundCalls = [];
    const { buyer, refundId } = await settlementWithRefund();
    providerDown = true;
    try {
      expect(await runJobs()).toBeGreaterThanOrEqual(1);
      let job = await refundJobOf(refundId);
      expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:443' });
      let wait = job.runAt.getTime() - clock.now().getTime();
      expect(wait).toBeGreaterThanOrEqual(3_750);
      expect(wait).toBeLessThanOrEqual(6_250);
      // Not due yet: nothing runs, and reconciliation does not queue the waiting refund a second time.
      expect(await runJobs()).toBe(0);
      expect((await reconcileCheckouts(t.deps, t.log)).refundsQueued).toBe(0);
      expect(await t.deps.db.select().from(jobs).where(and(eq(jobs.queue, REFUND_QUEUE), eq(jobs.singletonKey, refundId)))).toHaveLength(1);

      clock.advance(wait);
      expect(await runJobs()).toBe(1);
      job = await refundJobOf(refundId);
      expect(job).toMatchObject({ status: 'queued', attempts: 2 });
      wait = job.runAt.getTime() - clock.now().getTime();
      expect(wait).toBeGreaterThanOrEqual(15_000);
      expect(wait).toBeLessThanOrEqual(25_000);
      clock.advance(wait);
    } finally {
      providerDown = false;
    }
    await runJobs();
    expect(await refundJobOf(refundId)).toMatchObject({ status: 'done', attempts: 3 });
    expect(refundCalls.map((c) => c.idempotencyKey)).toEqual([refundId, refundId, refundId]);
    const [made] = await t.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(made!.providerRefundId).toMatch(/^re_test_/);
    clock.advance(60_000);
    expect((await reconcileCheckouts(t.deps, t.log)).refundsQueued).toBe(0);
    await runJobs();
    expect((await mailTo(buyer.email)).filter((m) => m.subject.startsWith('Refund'))).toHaveLength(1);
    expect(receivedBy(buyer.email)).toBe(3);
  });

  it('queues again, at reconciliation, a refund whose job gave up', async () => {
    refundCalls = [];
    const { buyer, refundId } = await settlementWithRefund();
    // Its last try: the provider is still down, so the job fails for good.
    await t.deps.db.update(jobs).set({ attempts: sql`${jobs.maxAttempts} - 1` }).where(eq(jobs.singletonKey, refundId));
    expectServerError('job failed for good: connect ECONNREFUSED');
    expectServerError('refund not made after every try; reconciliation queues it again');
    providerDown = true;
    try {
      await runJobs();
    } finally {
      providerDown = false;
    }
    expect(await refundJobOf(refundId)).toMatchObject({ status: 'failed' });

    expect((await reconcileCheckouts(t.deps, t.log)).refundsQueued).toBe(1);
    await runJobs();
    const [made] = await t.deps.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(made!.providerRefundId).toMatch(/^re_test_/);
    expect((await mailTo(buyer.email)).filter((m) => m.subject.startsWith('Refund'))).toHaveLength(1);
  });

  it('two workers draining the same jobs at once run each once between them', async () => {
    refundCalls = [];
    const [before] = await t.deps.db.select({ last: sql<number>`coalesce(max(${jobs.id}), 0)`.mapWith(Number) }).from(jobs);
    const settled = [];
    for (let i = 0; i < 4; i++) settled.push(await settlementWithRefund());
    const sentBefore = received.length;

    const ran = await Promise.all([runJobs(), runJobs()]);
    // Per settlement pair: two receipts, two sale notices, one refund, then its notice.
    expect(ran[0]! + ran[1]!).toBe(4 * 6);
    expect(received.length - sentBefore).toBe(4 * 5);
    expect(refundCalls.map((c) => c.idempotencyKey).sort()).toEqual(settled.map((s) => s.refundId).sort());
    for (const { buyer } of settled) {
      expect((await mailTo(buyer.email)).filter((m) => m.subject.startsWith('Refund'))).toHaveLength(1);
      expect(receivedBy(buyer.email)).toBe(3);
    }
    const finished = (await Promise.all([jobsOf(MAIL_QUEUE), jobsOf(REFUND_QUEUE)])).flat().filter((j) => j.id > before!.last);
    expect(finished).toHaveLength(4 * 6);
    expect(finished.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
    expect(new Set(finished.map((j) => j.lockedBy)).size).toBe(2);
    const made = await t.deps.db.select().from(refunds).where(inArray(refunds.id, settled.map((s) => s.refundId)));
    expect(made.every((r) => r.providerRefundId !== null)).toBe(true);
  });
});
