/** Test helpers for the account calls: read the outbox, pull the code out of a message. */
import { vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema.js';
import { readableMail } from '../../adapters/mail/mail-secrets.js';
import type { TestApp } from '../../test/helper.js';

export type OutboxMessage = typeof mailOutbox.$inferSelect;

/** The messages as their recipient reads them: secrets unsealed (docs/security.md#secrets-in-e-mail). */
export async function mailsTo(t: TestApp, to: string): Promise<OutboxMessage[]> {
  const rows = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
  return rows.map((row) => readableMail(row, t.config.tokenSecret));
}

/** Codes are written and mailed after /sendotp answers: wait until the `count`-th message to `to` is there. */
export function waitForMail(t: TestApp, to: string, count = 1, timeoutMs = 5_000): Promise<OutboxMessage> {
  return vi.waitFor(
    async () => {
      const rows = await mailsTo(t, to);
      if (rows.length < count) throw new Error(`no message #${count} to ${to} within ${timeoutMs} ms (have ${rows.length})`);
      return rows[0]!;
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

export function codeIn(message: Pick<OutboxMessage, 'text'>): string {
  const match = /Your code: ([A-Z0-9]{5})/.exec(message.text);
  if (!match) throw new Error(`no code in: ${message.text}`);
  return match[1]!;
}
