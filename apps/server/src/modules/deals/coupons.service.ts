/**
 * Admin → Deals (docs/product/deals.md): coupons (create, edit, pause, delete) with how often each was used, and the
 * store's bulk deal. Every change is written to the audit log in the same transaction.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BulkDealSettings, Coupon, CouponInput } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Db, Tx } from '../../db/client.js';
import { couponRedemptions, coupons, storeSettings, type CouponRow } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { changeRecord, recordAudit, type AuditActor } from '../audit/audit.service.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { readStoreSettings } from '../previews/tag.js';

const toCents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));

function isUniqueViolation(error: unknown): boolean {
  // node-postgres and PGlite put the SQLSTATE on the error; Drizzle wraps it in `cause`.
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const duplicate = (code: string) => conflict(`A coupon with the code ${code} already exists. Choose another code.`);

/** The columns of a coupon as the admin wrote it; the amounts that do not belong to its kind or scope are dropped. */
function columnsOf(input: CouponInput) {
  return {
    code: input.code,
    kind: input.kind,
    percentOff: input.kind === 'percent' ? input.percentOff : null,
    amountOffCents: input.kind === 'fixed' ? toCents(input.amountOff) : null,
    scope: input.scope,
    beatIds: input.scope === 'beats' ? [...new Set(input.beatIds)] : [],
    offers: input.scope === 'offers' ? [...new Set(input.offers)] : [],
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    maxRedemptions: input.maxRedemptions,
    perBuyerLimit: input.perBuyerLimit,
    minimumOrderCents: toCents(input.minimumOrder),
    paused: input.paused,
  };
}

/** Where, when and how often a coupon applies, as both the admin's view and the audit log show it. */
function limitsOf(row: CouponRow) {
  return {
    scope: row.scope,
    beatIds: row.beatIds,
    offers: row.offers,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    perBuyerLimit: row.perBuyerLimit,
  };
}

/** What the audit log keeps of a coupon: the fields the admin sets. */
function couponSnapshot(row: CouponRow) {
  return {
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    ...limitsOf(row),
    minimumOrderCents: row.minimumOrderCents,
    paused: row.paused,
  };
}

interface Usage {
  redemptions: number;
  discountedCents: number;
}

/** Paid checkouts that used each coupon (a checkout refunded in full released its redemption) and what they took off. */
async function usageOf(db: Db | Tx, couponId?: string): Promise<Map<string, Usage>> {
  const rows = await db
    .select({
      couponId: couponRedemptions.couponId,
      redemptions: sql<number>`count(*)::int`,
      discountedCents: sql<number>`coalesce(sum(${couponRedemptions.discountCents}), 0)::int`,
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.state, 'redeemed'), couponId ? eq(couponRedemptions.couponId, couponId) : undefined))
    .groupBy(couponRedemptions.couponId);
  return new Map(rows.map((r) => [r.couponId, { redemptions: Number(r.redemptions), discountedCents: Number(r.discountedCents) }]));
}

export function couponView(row: CouponRow, usage: Usage | undefined): Coupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOff: row.amountOffCents === null ? null : centsToDollars(row.amountOffCents),
    ...limitsOf(row),
    minimumOrder: row.minimumOrderCents === null ? null : centsToDollars(row.minimumOrderCents),
    paused: row.paused,
    redemptions: usage?.redemptions ?? 0,
    discounted: centsToDollars(usage?.discountedCents ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every coupon not deleted, newest first. */
export async function listCoupons(deps: Deps): Promise<Coupon[]> {
  const rows = await deps.db.select().from(coupons).where(isNull(coupons.deletedAt)).orderBy(desc(coupons.createdAt), desc(coupons.id));
  const usage = await usageOf(deps.db);
  return rows.map((row) => couponView(row, usage.get(row.id)));
}

async function viewOf(deps: Deps, row: CouponRow): Promise<Coupon> {
  return couponView(row, (await usageOf(deps.db, row.id)).get(row.id));
}

export async function createCoupon(deps: Deps, actor: AuditActor, input: CouponInput): Promise<Coupon> {
  const now = deps.clock.now();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(coupons)
        .values({ ...columnsOf(input), createdAt: now, updatedAt: now })
        .returning();
      await recordAudit(tx, actor, now, { action: 'coupon.create', targetType: 'coupon', targetId: made!.id, after: couponSnapshot(made!) });
      return made!;
    });
    return couponView(row, undefined);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.code);
    throw error;
  }
}

async function lockCoupon(tx: Tx, couponId: string): Promise<CouponRow> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, couponId), isNull(coupons.deletedAt)))
    .for('update')
    .limit(1);
  if (!row) throw notFound('This coupon does not exist.');
  return row;
}

/**
 * Replaces a coupon's settings (pausing is this with `paused`). Checkouts already open keep the price they were opened
 * at; the new settings apply to every quote and checkout from now on.
 */
export async function updateCoupon(deps: Deps, actor: AuditActor, couponId: string, input: CouponInput): Promise<Coupon> {
  const now = deps.clock.now();
  try {
    const row = await deps.db.transaction(async (tx) => {
      const before = await lockCoupon(tx, couponId);
      const [after] = await tx
        .update(coupons)
        .set({ ...columnsOf(input), updatedAt: now })
        .where(eq(coupons.id, couponId))
        .returning();
      await recordAudit(tx, actor, now, changeRecord('coupon.update', 'coupon', couponId, couponSnapshot, before, after!));
      return after!;
    });
    return viewOf(deps, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.code);
    throw error;
  }
}

/**
 * Deletes a coupon. One never used (no checkout ever held it) is removed; a used one is kept for the books, marked
 * deleted: it leaves the list, buyers are told the code does not exist, and its code may be given to a new coupon.
 */
export async function deleteCoupon(deps: Deps, actor: AuditActor, couponId: string): Promise<{ deleted: 'removed' | 'archived' }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockCoupon(tx, couponId);
    const [used] = await tx.select({ id: couponRedemptions.id }).from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId)).limit(1);
    if (used) await tx.update(coupons).set({ deletedAt: now, updatedAt: now }).where(eq(coupons.id, couponId));
    else await tx.delete(coupons).where(eq(coupons.id, couponId));
    await recordAudit(tx, actor, now, { action: 'coupon.delete', targetType: 'coupon', targetId: couponId, before: couponSnapshot(before) });
    return { deleted: used ? 'archived' : 'removed' };
  });
}

// ── The bulk deal ────────────────────────────────────────────────────────────────────

export async function readBulkDeal(db: Db | Tx): Promise<BulkDealSettings> {
  const settings = await readStoreSettings(db);
  return { enabled: settings.bulkDealEnabled, buy: settings.bulkDealBuy, free: settings.bulkDealFree };
}

export async function setBulkDeal(deps: Deps, actor: AuditActor, input: BulkDealSettings): Promise<BulkDealSettings> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await readStoreSettings(tx);
    const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.id, 1)).for('update');
    const before = { enabled: row!.bulkDealEnabled, buy: row!.bulkDealBuy, free: row!.bulkDealFree };
    if (before.enabled === input.enabled && before.buy === input.buy && before.free === input.free) return before;
    await tx
      .update(storeSettings)
      .set({ bulkDealEnabled: input.enabled, bulkDealBuy: input.buy, bulkDealFree: input.free, updatedAt: now })
      .where(eq(storeSettings.id, 1));
    await recordAudit(tx, actor, now, { action: 'deals.bulk', targetType: 'store', targetId: null, before, after: input });
    return { enabled: input.enabled, buy: input.buy, free: input.free };
  });
}
