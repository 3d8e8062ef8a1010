/** The purchase behind a VIP membership, for the licence the VIP catalog's beats are downloaded under. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { purchases, type PurchaseRow } from '../../db/schema.js';

/** The user's latest VIP plan purchase that was not refunded, or null (a membership the store granted). */
export async function latestPlanPurchase(deps: Pick<Deps, 'db'>, userId: string): Promise<PurchaseRow | null> {
  const [row] = await deps.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.kind, 'vipPlan'), isNull(purchases.refundedAt)))
    .orderBy(desc(purchases.purchasedAt), desc(purchases.id))
    .limit(1);
  return row ?? null;
}
