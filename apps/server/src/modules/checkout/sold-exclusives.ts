/**
 * What follows the sale of exclusives for the parts of the store that wait on them (offers on those beats:
 * docs/product/exclusive-offers.md#when-the-beat-is-sold): one job queued in the fulfilment's transaction.
 */
import type { Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { enqueueJob } from '../../jobs/job-queue.js';

export const EXCLUSIVES_SOLD_QUEUE = 'exclusives.sold';

export interface ExclusivesSold {
  checkoutId: string;
  beatIds: string[];
}

export function queueExclusivesSold(tx: Tx, clock: Clock, sold: ExclusivesSold): Promise<number> {
  return enqueueJob(tx, clock, EXCLUSIVES_SOLD_QUEUE, { ...sold });
}
