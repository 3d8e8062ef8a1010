/** Sending e-mail. Every message is kept in the outbox table; the SMTP implementation also delivers it, as a job. */
import type { JobHandlers } from '../../jobs/job-worker.js';
import type { Tx } from '../../db/client.js';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** HTML body. */
  html: string;
  /**
   * Values that must not stay readable in the outbox: one-time codes, temporary passwords (renderEmail names its
   * `code`). The stored copy shows them masked; the message as written is kept sealed (mail-secrets.ts).
   */
  secrets?: string[];
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  /**
   * Records the message (and queues its delivery); never waits on a mail server. Given a transaction, it is written in
   * it: the message exists exactly when the change that calls for it commits (docs/background-jobs.md).
   */
  send(message: MailMessage, tx?: Tx): Promise<void>;
  /** The background work of this mailer (the SMTP deliveries), run by the job worker (docs/background-jobs.md). */
  readonly jobHandlers: JobHandlers;
}
