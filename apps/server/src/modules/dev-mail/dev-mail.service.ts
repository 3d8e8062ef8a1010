/** Reading the outbox (development only): newest first. */
import { desc, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { mailOutbox } from '../../db/schema.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function listOutbox(deps: Deps, options: { to?: string; limit: number }): Promise<OutboxRow[]> {
  const query = deps.db.select().from(mailOutbox);
  const filtered = options.to ? query.where(eq(mailOutbox.to, options.to)) : query;
  // id breaks ties between messages written within the same instant.
  return filtered.orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(options.limit);
}

export async function findOutboxMessage(deps: Deps, id: string): Promise<OutboxRow | null> {
  const [row] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row ?? null;
}
