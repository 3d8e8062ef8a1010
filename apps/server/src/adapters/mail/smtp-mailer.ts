/**
 * Real e-mail over SMTP (SMTP_URL), through the outbox (docs/reliability.md#the-mail-server-is-down): send() records
 * the message and queues its delivery in one transaction, so a request never waits on the mail server and a message
 * is never lost when it is down. The delivery job sends it; the row gets `sentAt`, or the last `error` while it
 * retries with back-off, so an operator can see what went out.
 */
import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db, Tx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { enqueueJob } from '../../jobs/job-queue.js';
import { PermanentJobError } from '../../jobs/job-worker.js';
import type { Mailer } from './mailer.js';
import { sealMail, unsealMail } from './mail-secrets.js';

export const MAIL_QUEUE = 'mail.send';
/** With the queue's back-off (5 s, 20 s, 80 s … at most 15 minutes apart) a message is tried for about two hours. */
export const MAIL_ATTEMPTS = 12;

export interface SmtpMailerOptions {
  url: string;
  from: string;
  /** Seals the secrets of a message until it is delivered (mail-secrets.ts). */
  tokenSecret: string;
  db: Db;
  clock: Clock;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** A 5xx reply refuses this message for good (no such mailbox); anything else (unreachable, 4xx) may pass later. */
const refusedForGood = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export function createSmtpMailer({ url, from, tokenSecret, db, clock }: SmtpMailerOptions): Mailer {
  // nodemailer loads with the first delivery, not with the server (docs/decisions/0029-start-up.md#loaded-when-used).
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        // Give up on an unreachable server within seconds; the job tries again later.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    ));
  return {
    kind: 'smtp',
    async send(message, caller) {
      const record = async (tx: Tx) => {
        const [row] = await tx.insert(mailOutbox).values(sealMail(message, tokenSecret)).returning({ id: mailOutbox.id });
        await enqueueJob(tx, clock, MAIL_QUEUE, { outboxId: row!.id }, { maxAttempts: MAIL_ATTEMPTS });
      };
      await (caller ? record(caller) : db.transaction(record));
    },
    jobHandlers: {
      [MAIL_QUEUE]: {
        async run(payload) {
          const id = String(payload.outboxId);
          const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
          // Already accepted by the server (an attempt whose bookkeeping was lost): never sent twice.
          if (!row || row.sentAt) return;
          const content = row.sealed ? unsealMail(row, tokenSecret) : row;
          if (!content) {
            // Sent masked, the code or password would be of no use to the recipient.
            const reason = 'its secret parts cannot be opened (TOKEN_SECRET changed since it was written)';
            await db.update(mailOutbox).set({ error: reason, sealed: null }).where(eq(mailOutbox.id, id));
            throw new PermanentJobError(`E-mail to ${row.to} could not be sent: ${reason}`);
          }
          try {
            await (await transportOf()).sendMail({ from, to: row.to, subject: content.subject, text: content.text, html: content.html });
          } catch (error) {
            const reason = reasonOf(error);
            const forGood = refusedForGood(error);
            // Refused for good, the message will never be sent: its secrets go at once.
            await db.update(mailOutbox).set(forGood ? { error: reason, sealed: null } : { error: reason }).where(eq(mailOutbox.id, id));
            const failure = `E-mail to ${row.to} could not be sent: ${reason}`;
            throw forGood ? new PermanentJobError(failure) : new Error(failure);
          }
          // Delivered: the outbox keeps only the masked copy.
          await db.update(mailOutbox).set({ sentAt: clock.now(), error: null, sealed: null }).where(eq(mailOutbox.id, id));
        },
      },
    },
  };
}
