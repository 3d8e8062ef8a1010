/**
 * The coupon code kept with each of an account's carts (docs/product/deals.md#a-code-kept-with-the-cart). Only the code
 * is kept: the quote and the checkout price it again every time, and a code that can no longer apply for a lasting
 * reason is forgotten when they refuse it, so the buyer is told once and never charged a price they were not shown.
 */
import { and, eq } from 'drizzle-orm';
import type { CartCoupons, CartKind, CouponRefusal, SessionType } from '@beat/shared';
import type { Db, Tx } from '../../db/client.js';
import { cartCoupons } from '../../db/schema.js';

/** Refusals that waiting will not undo. A paused or not yet started code, or one not for these items, stays kept. */
const lastingRefusals: ReadonlySet<CouponRefusal> = new Set(['unknown', 'expired', 'usedUp', 'usedByYou']);

/** The cart a checkout of `sessionType` buys from, if it is one that takes a coupon. */
export function cartOfSession(sessionType: SessionType): CartKind | null {
  return sessionType === 'beatPurchase' ? 'beats' : sessionType === 'stems' ? 'stems' : null;
}

export async function keptCoupons(db: Db | Tx, userId: string): Promise<CartCoupons> {
  const rows = await db.select({ cart: cartCoupons.cart, code: cartCoupons.code }).from(cartCoupons).where(eq(cartCoupons.userId, userId));
  const codeOf = (cart: CartKind) => rows.find((r) => r.cart === cart)?.code ?? null;
  return { beats: codeOf('beats'), stems: codeOf('stems') };
}

/** Keeps `code` (already in capitals) with the cart, in place of the code kept before. */
export async function keepCoupon(db: Db | Tx, userId: string, cart: CartKind, code: string, now: Date): Promise<void> {
  await db
    .insert(cartCoupons)
    .values({ userId, cart, code, updatedAt: now })
    .onConflictDoUpdate({ target: [cartCoupons.userId, cartCoupons.cart], set: { code, updatedAt: now } });
}

/** Takes the cart's code off; with `code`, only if that is still the code kept (a newer one stays). */
export async function forgetCoupon(db: Db | Tx, userId: string, cart: CartKind, code?: string): Promise<void> {
  await db
    .delete(cartCoupons)
    .where(and(eq(cartCoupons.userId, userId), eq(cartCoupons.cart, cart), code === undefined ? undefined : eq(cartCoupons.code, code)));
}

/**
 * After a quote or a checkout refused `asked`: the kept code is forgotten when the refusal will last (deleted, expired,
 * used up, already used by this buyer). The refusal's message is what tells the buyer.
 */
export async function forgetRefusedCoupon(
  db: Db | Tx,
  userId: string,
  sessionType: SessionType,
  asked: { code: string; applied: boolean; reason: CouponRefusal | null } | null,
): Promise<void> {
  const cart = cartOfSession(sessionType);
  if (!cart || !asked || asked.applied || !asked.reason || !lastingRefusals.has(asked.reason)) return;
  await forgetCoupon(db, userId, cart, asked.code);
}
