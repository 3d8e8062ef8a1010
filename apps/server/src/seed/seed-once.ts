/**
 * Seeds an empty store once, however many processes start on its database together: the emptiness check and
 * the seeding run under the start-up lock, so a second process finds the store seeded and leaves it alone.
 */
import type { Database } from '../db/client.js';
import { storeIsEmpty } from './store-is-empty.js';

export async function seedIfEmpty(database: Pick<Database, 'db' | 'whileStarting'>, seed: () => Promise<unknown>): Promise<boolean> {
  return database.whileStarting(async () => {
    if (!(await storeIsEmpty(database.db))) return false;
    await seed();
    return true;
  });
}
