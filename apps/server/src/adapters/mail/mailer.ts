/** Sending e-mail. Every message is kept in the outbox table; the SMTP implementation also delivers it, as a job. */
import type { JobHandlers } from '../../jobs/job-worker.js';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** HTML body. */
  html: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  /** Records the message (and queues its delivery); never waits on a mail server. */
  send(message: MailMessage): Promise<void>;
  /** The background work of this mailer (the SMTP deliveries), run by the job worker (docs/background-jobs.md). */
  readonly jobHandlers: JobHandlers;
}
