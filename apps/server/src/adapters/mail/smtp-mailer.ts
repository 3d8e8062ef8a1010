/**
 * Real e-mail over SMTP (SMTP_URL). Each message is first recorded in the outbox, then sent; the row gets
 * `sentAt`, or `error` when the SMTP server refused it (and send() rejects), so an operator can see what went out.
 */
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from './mailer.js';

export interface SmtpMailerOptions {
  url: string;
  from: string;
  db: Db;
  clock: Clock;
}

export function createSmtpMailer({ url, from, db, clock }: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url,
    // Fail a send within seconds instead of holding a request for minutes when the server is unreachable.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db.update(mailOutbox).set({ error: reason.slice(0, 1000) }).where(eq(mailOutbox.id, row!.id));
        throw new Error(`E-mail to ${message.to} could not be sent: ${reason}`);
      }
      await db.update(mailOutbox).set({ sentAt: clock.now() }).where(eq(mailOutbox.id, row!.id));
    },
  };
}
