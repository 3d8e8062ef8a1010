/**
 * The mail server is down (docs/reliability.md#the-mail-server-is-down): the request that sends mail still
 * succeeds, the message waits in the outbox and is retried with back-off, and once a real SMTP server
 * (smtp-server) listens on the configured port it arrives exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, fixedClock, type TestApp } from '../../test/helper.js';
import { jobs, mailOutbox } from '../../db/schema.js';
import { runJobsUntilIdle } from '../../jobs/job-worker.js';
import { codeIn, waitForMail } from '../../modules/accounts/accounts-test-support.js';
import { MAIL_ATTEMPTS, MAIL_QUEUE } from './smtp-mailer.js';
import { freePort } from '../../test/free-port.js';

const clock = fixedClock(new Date('2026-03-01T10:00:00Z'));
const received: string[] = [];
let port = 0;
let server: TestSmtpServer | null = null;
let t: TestApp;

async function startSmtpServer(): Promise<void> {
  server = await startTestSmtpServer((mail) => void received.push(mail.raw), port);
}

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ clock, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Beat Market <codes@beatmarket.test>' } });
});

afterAll(async () => {
  await t.close();
  await server?.close();
});

const deliver = () => runJobsUntilIdle({ db: t.deps.db, clock }, t.deps.mailer.jobHandlers, { log: t.log });

async function mailJob() {
  const rows = await t.deps.db.select().from(jobs).where(eq(jobs.queue, MAIL_QUEUE));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('the SMTP server is down', () => {
  it('keeps the message in the outbox, retries with back-off, and delivers it once the server is back', async () => {
    const user = await createUser(t, { email: 'waiting-for-mail@example.test' });
    const res = await t.app.inject({ method: 'POST', url: '/sendotp', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    const stored = await waitForMail(t, user.email);
    const code = codeIn(stored);
    expect(stored.sentAt).toBeNull();

    // First attempt: nothing listens on the port. The attempt fails, the message stays, the job waits about 5 s.
    expect(await deliver()).toBe(1);
    let job = await mailJob();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, maxAttempts: MAIL_ATTEMPTS });
    expect(job.lastError).toMatch(/waiting-for-mail@example\.test could not be sent: .*ECONNREFUSED/);
    const firstWait = job.runAt.getTime() - clock.now().getTime();
    expect(firstWait).toBeGreaterThanOrEqual(3_750);
    expect(firstWait).toBeLessThanOrEqual(6_250);
    let [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored.id));
    expect(row).toMatchObject({ sentAt: null, error: expect.stringMatching(/ECONNREFUSED/) as unknown });

    // Not due yet: nothing runs before the back-off is over.
    expect(await deliver()).toBe(0);

    // Second attempt, still down: the wait grows (about 20 s).
    clock.set(job.runAt);
    expect(await deliver()).toBe(1);
    job = await mailJob();
    expect(job).toMatchObject({ status: 'queued', attempts: 2 });
    const secondWait = job.runAt.getTime() - clock.now().getTime();
    expect(secondWait).toBeGreaterThanOrEqual(15_000);
    expect(secondWait).toBeLessThanOrEqual(25_000);
    expect(received).toHaveLength(0);

    // The server comes back on the configured port: the next attempt delivers the very message, once.
    await startSmtpServer();
    clock.set(job.runAt);
    expect(await deliver()).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^To: waiting-for-mail@example\.test/m);
    expect(received[0]).toContain(`Your code: ${code}`);
    job = await mailJob();
    expect(job).toMatchObject({ status: 'done', attempts: 3, lastError: null });
    [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored.id));
    expect(row!.sentAt).toEqual(clock.now());
    expect(row!.error).toBeNull();
    // One message in the outbox, one delivered: later runs send nothing more.
    expect(await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).toHaveLength(1);
    clock.advance(3_600_000);
    expect(await deliver()).toBe(0);
    expect(received).toHaveLength(1);
  });
});
