/** What the tests of the trigger-kept totals count over: a buyer, a fan and two beats, made before the file's tests run. */
import { beforeAllFixture, createBeat, createUser, type TestApp } from '../../test/helper.js';
import type { beats } from '../../db/schema.js';

export function buyerFanAndTwoBeats(t: TestApp, second: Partial<typeof beats.$inferInsert> = {}) {
  return beforeAllFixture(async () => ({
    buyer: await createUser(t),
    fan: await createUser(t),
    one: await createBeat(t),
    two: await createBeat(t, second),
  }));
}
