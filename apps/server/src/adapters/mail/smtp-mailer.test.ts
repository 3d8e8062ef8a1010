/** The SMTP path against a real SMTP server on loopback (smtp-server), through the app as configured by SMTP_URL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp } from '../../test/helper.js';
import { mailOutbox } from '../../db/schema.js';
import { codeIn, waitForMail } from '../../modules/accounts/accounts-test-support.js';

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

async function waitForReceived(count: number): Promise<Received> {
  const deadline = Date.now() + 5_000;
  while (received.length < count) {
    if (Date.now() > deadline) throw new Error('the SMTP server received nothing');
    await new Promise((r) => setTimeout(r, 20));
  }
  return received[count - 1]!;
}

describe('SMTP mailer', () => {
  it('is chosen by SMTP_URL', () => {
    expect(t.deps.mailer.kind).toBe('smtp');
  });

  it('delivers the recovery code to the right recipient, with subject and code, and records it as sent', async () => {
    const user = await createUser(t, { email: 'smtp-reader@example.test' });
    const res = await t.app.inject({ method: 'POST', url: '/sendotp', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);

    const message = await waitForReceived(1);
    expect(message.to).toEqual(['smtp-reader@example.test']);
    expect(message.from).toBe('codes@beatmarket.test');
    const stored = await waitForMail(t, user.email);
    const code = codeIn(stored);
    expect(message.raw).toMatch(new RegExp(`^Subject: ${code} is your Beat Market code`, 'm'));
    expect(message.raw).toMatch(/^To: smtp-reader@example\.test/m);
    expect(message.raw).toContain('Content-Type: text/plain');
    expect(message.raw).toContain('Content-Type: text/html');
    expect(message.raw).toContain(`Your code: ${code}`);

    // The row gets its sentAt once the server accepted the message.
    const deadline = Date.now() + 5_000;
    let row = stored;
    while (!row.sentAt && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      row = (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored.id)))[0] ?? row;
    }
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
  });

  it('records the error and rejects when the server refuses the message', async () => {
    refuseNext = true;
    const send = t.deps.mailer.send({ to: 'refused@example.test', subject: 'Beat Market test', text: 'Hello from Beat Market', html: '<p>Hello</p>' });
    await expect(send).rejects.toThrow(/refused@example\.test could not be sent/);
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'refused@example.test'));
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toMatch(/Mailbox unavailable/);
  });
});
