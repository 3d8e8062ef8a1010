/** The SMTP path against a real SMTP server on loopback (smtp-server), through the app as configured by SMTP_URL and its delivery job. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, createUser, expectServerError, type TestApp } from '../../test/helper.js';
import { jobs, mailOutbox } from '../../db/schema.js';
import { runJobsUntilIdle } from '../../jobs/job-worker.js';
import { codeIn, waitForMail } from '../../modules/accounts/accounts-test-support.js';
import { jobHandlers } from '../../background.js';
import { MAIL_QUEUE } from './smtp-mailer.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let refuseNext = false;
let server: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Close without waiting for the client to hang up first.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuseNext) {
          refuseNext = false;
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Beat Market <codes@beatmarket.test>' } });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const deliver = () => runJobsUntilIdle({ db: t.deps.db, clock: t.clock }, t.deps.mailer.jobHandlers, { log: t.log });

async function waitForReceived(count: number): Promise<Received> {
  const deadline = Date.now() + 5_000;
  while (received.length < count) {
    if (Date.now() > deadline) throw new Error('the SMTP server received nothing');
    await new Promise((r) => setTimeout(r, 20));
  }
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

    // The row gets its sentAt once the server accepted the message.
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored.id));
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
    // Delivered once: running the jobs again sends nothing.
    expect(await deliver()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('records the error and gives up at once when the server refuses the message for good (5xx)', async () => {
    refuseNext = true;
    await t.deps.mailer.send({ to: 'refused@example.test', subject: 'Beat Market test', text: 'Hello from Beat Market', html: '<p>Hello</p>' });
    expectServerError('job failed for good', /refused@example\.test could not be sent: .*Mailbox unavailable/);
    expect(await deliver()).toBe(1);
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'refused@example.test'));
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toMatch(/Mailbox unavailable/);
    const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.queue, MAIL_QUEUE)).orderBy(desc(jobs.id)).limit(1);
    expect([job!.status, job!.attempts]).toEqual(['failed', 1]);
  });
});
