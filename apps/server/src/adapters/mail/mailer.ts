/** Sending e-mail. Every message is kept in the outbox table; the SMTP implementation also sends it. */
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
  send(message: MailMessage): Promise<void>;
}
