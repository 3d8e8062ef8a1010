/** The development outbox (/dev/mail.json): the e-mails the store sent, as their recipient would read them. */
import { vi } from 'vitest';
import { baseURL } from './browser.js';

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** The e-mails to `to`, newest first, once there are `count` (mail is written after the answer that sends it). */
export function mailsTo(to: string, count = 1): Promise<OutboxMessage[]> {
  return vi.waitFor(
    async () => {
      const res = await fetch(`${baseURL()}/dev/mail.json?to=${encodeURIComponent(to)}`);
      const { messages } = (await res.json()) as { messages: OutboxMessage[] };
      if (messages.length < count) throw new Error(`expected ${count} e-mails to ${to}, found ${messages.length}`);
      return messages;
    },
    { timeout: 10_000, interval: 200 },
  );
}

/** The newest e-mail to `to`, once there is one. */
export async function mailTo(to: string): Promise<OutboxMessage> {
  return (await mailsTo(to))[0]!;
}
