/** Finding accounts: the one place a module looks a user up by id or e-mail. */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';

export async function findUserById(db: Db | Tx, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}
