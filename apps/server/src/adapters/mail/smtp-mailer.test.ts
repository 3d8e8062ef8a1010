/** The SMTP path against a real SMTP server on loopback (smtp-server), through the app as configured by SMTP_URL and its delivery job. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-server.js';
import { createTestApp, createUser, expectServerError, type TestApp } from '../../test/helper.js';
import { jobs, mailOutbox } from '../../db/schema.js';
import { runJobsUntilIdle } from '../../jobs/job-worker.js';
import { codeIn, waitForMail } from '../../modules/accounts/accounts-test-support.js';
import { jobHandlers } from '../../background.js';
import { createSmtpMailer, MAIL_QUEUE } from './smtp-mailer.js';
import { MASK } from './mail-secrets.js';
import { renderEmail } from './templates.js';

const received: ReceivedMail[] = [];
let refuseNext = false;
let server: TestSmtpServer;
let smtpUrl: string;
let t: TestApp;

beforeAll(async () => {
  server = await startTestSmtpServer((mail) => {
    if (refuseNext) {
      refuseNext = false;
      return Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
    }
    received.push(mail);
  });
  smtpUrl = server.url;
  t = await createTestApp({ env: { SMTP_URL: smtpUrl, MAIL_FROM: 'Beat Market <codes@beatmarket.test>' } });
});

afterAll(async () => {
  await t.close();
  await server.close();
});

const deliver = () => runJobsUntilIdle({ db: t.deps.db, clock: t.clock }, t.deps.mailer.jobHandlers, { log: t.log });

async function waitForReceived(count: number): Promise<ReceivedMail> {
  await expect.poll(() => received.length, { timeout: 5_000, interval: 20, message: 'the SMTP server received the mail' }).toBeGreaterThanOrEqual(count);
  return received[count - 1]!;
}

describe('SMTP mailer', () => {
  it('is chosen by SMTP_URL, and the job worker of the server delivers its mail', () => {
    expect(t.deps.mailer.kind).toBe('smtp');
    expect(Object.keys(jobHandlers(t.deps, t.log))).toContain(MAIL_QUEUE);
  });

  it('delivers the recovery code to the right recipient, with subject and code, and records it as sent', async () => {
    const user = await createUser(t, { email: 'smtp-reader@example.test' });
    const res = await t.app.inject({ method: 'POST', url: '/sendotp', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);

    const stored = await waitForMail(t, user.email);
    // Queued, not sent yet: the request never waits on the mail server.
    expect(stored.sentAt).toBeNull();
    expect(received).toHaveLength(0);
    // While it waits, the code is only in the sealed copy.
    const [waiting] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored.id));
    expect(waiting!.sealed).toMatch(/^v1:/);
    expect(JSON.stringify(waiting)).not.toContain(codeIn(stored));
    expect(await deliver()).toBe(1);

    const message = await waitForReceived(1);
    expect(message.to).toEqual(['smtp-reader@example.test']);
    expect(message.from).toBe('codes@beatmarket.test');
    const code = codeIn(stored);
    expect(message.raw).toMatch(new RegExp(`^Subject: ${code} is your Beat Market code`, 'm'));
    expect(message.raw).toMatch(/^To: smtp-reader@example\.test/m);
    expect(message.raw).toContain('Content-Type: text/plain');
    expect(message.raw).toContain('Content-Type: text/html');
    expect(message.raw).toContain(`Your code: ${code}`);

    // The row gets its sentAt once the server accepted the message, and keeps no readable code, sealed or not.
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored.id));
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
    expect(row!.sealed).toBeNull();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.subject).toBe(`${MASK} is your Beat Market code`);
    expect(row!.text).toContain(`Your code: ${MASK}`);
    // Delivered once: running the jobs again sends nothing.
    expect(await deliver()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('records the error and gives up at once when the server refuses the message for good (5xx), dropping its sealed secrets', async () => {
    refuseNext = true;
    await t.deps.mailer.send({ to: 'refused@example.test', ...renderEmail({ subject: 'Beat Market test', heading: 'Hello', paragraphs: [], code: { label: 'Your code', value: 'R3FU5' } }) });
    expectServerError('job failed for good', /refused@example\.test could not be sent: .*Mailbox unavailable/);
    expect(await deliver()).toBe(1);
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'refused@example.test'));
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toMatch(/Mailbox unavailable/);
    expect(row!.sealed).toBeNull();
    expect(JSON.stringify(row)).not.toContain('R3FU5');
    const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.queue, MAIL_QUEUE)).orderBy(desc(jobs.id)).limit(1);
    expect([job!.status, job!.attempts]).toEqual(['failed', 1]);
  });

  it('fails a message for good when its seal no longer opens (TOKEN_SECRET changed), rather than sending a useless code', async () => {
    const before = received.length;
    const earlier = createSmtpMailer({ url: smtpUrl, from: 'codes@beatmarket.test', tokenSecret: 'the-token-secret-before-it-was-changed', db: t.deps.db, clock: t.clock });
    await earlier.send({ to: 'resealed@example.test', ...renderEmail({ subject: 'Code', heading: 'Code', paragraphs: [], code: { label: 'Your code', value: 'OLD42' } }) });
    expectServerError('job failed for good', /resealed@example\.test could not be sent: its secret parts cannot be opened/);
    expect(await deliver()).toBe(1);
    expect(received).toHaveLength(before);
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'resealed@example.test'));
    expect(row).toMatchObject({ sentAt: null, sealed: null, error: expect.stringMatching(/TOKEN_SECRET changed/) as unknown });
  });
});
