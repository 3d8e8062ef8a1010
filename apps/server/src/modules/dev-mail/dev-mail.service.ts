/**
 * Reading the outbox (development only): newest first. The page is the embedded mailbox's delivery, so each message is
 * shown as written, its sealed secrets opened (docs/security.md#secrets-in-e-mail).
 */
import { desc, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { mailOutbox } from '../../db/schema.js';
import { readableMail } from '../../adapters/mail/mail-secrets.js';

export type OutboxRow = Omit<typeof mailOutbox.$inferSelect, 'sealed'>;

const readable = (deps: Deps, row: typeof mailOutbox.$inferSelect): OutboxRow => {
  const { sealed: _sealed, ...shown } = readableMail(row, deps.config.tokenSecret);
  return shown;
};

export async function listOutbox(deps: Deps, options: { to?: string; limit: number }): Promise<OutboxRow[]> {
  const query = deps.db.select().from(mailOutbox);
  const filtered = options.to ? query.where(eq(mailOutbox.to, options.to)) : query;
  // id breaks ties between messages written within the same instant.
  const rows = await filtered.orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(options.limit);
  return rows.map((row) => readable(deps, row));
}

export async function findOutboxMessage(deps: Deps, id: string): Promise<OutboxRow | null> {
  const [row] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row ? readable(deps, row) : null;
}
