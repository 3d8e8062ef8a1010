/** Whether the store has neither beats nor accounts: a fresh data folder, which gets the demo store outside production. */
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { beats, users } from '../db/schema.js';

export async function storeIsEmpty(db: Db): Promise<boolean> {
  const [beatCount] = await db.select({ n: count() }).from(beats);
  const [userCount] = await db.select({ n: count() }).from(users);
  return (beatCount?.n ?? 0) === 0 && (userCount?.n ?? 0) === 0;
}
