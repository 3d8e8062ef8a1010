/**
 * Real e-mail over SMTP (SMTP_URL), through the outbox (docs/reliability.md#the-mail-server-is-down): send() records
 * the message and queues its delivery in one transaction, so a request never waits on the mail server and a message
 * is never lost when it is down. The delivery job sends it; the row gets `sentAt`, or the last `error` while it
 * retries with back-off, so an operator can see what went out.
 */
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { enqueueJob } from '../../jobs/job-queue.js';
import { PermanentJobError } from '../../jobs/job-worker.js';
import type { Mailer } from './mailer.js';

export const MAIL_QUEUE = 'mail.send';
/** With the queue's back-off (5 s, 20 s, 80 s … at most 15 minutes apart) a message is tried for about two hours. */
export const MAIL_ATTEMPTS = 12;

export interface SmtpMailerOptions {
  url: string;
  from: string;
  db: Db;
  clock: Clock;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** A 5xx reply refuses this message for good (no such mailbox); anything else (unreachable, 4xx) may pass later. */
const refusedForGood = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export function createSmtpMailer({ url, from, db, clock }: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url,
    // Give up on an unreachable server within seconds; the job tries again later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await db.transaction(async (tx) => {
        const [row] = await tx.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
        await enqueueJob(tx, clock, MAIL_QUEUE, { outboxId: row!.id }, { maxAttempts: MAIL_ATTEMPTS });
      });
    },
    jobHandlers: {
      [MAIL_QUEUE]: {
        async run(payload) {
          const id = String(payload.outboxId);
          const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
          // Already accepted by the server (an attempt whose bookkeeping was lost): never sent twice.
          if (!row || row.sentAt) return;
          try {
            await transport.sendMail({ from, to: row.to, subject: row.subject, text: row.text, html: row.html });
          } catch (error) {
            const reason = reasonOf(error);
            await db.update(mailOutbox).set({ error: reason }).where(eq(mailOutbox.id, id));
            const failure = `E-mail to ${row.to} could not be sent: ${reason}`;
            throw refusedForGood(error) ? new PermanentJobError(failure) : new Error(failure);
          }
          await db.update(mailOutbox).set({ sentAt: clock.now(), error: null }).where(eq(mailOutbox.id, id));
        },
      },
    },
  };
}
