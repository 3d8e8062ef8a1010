/**
 * POST /api/checkout/quote: what a checkout of these items would cost, line by line, with the bulk deal and a coupon
 * (docs/product/deals.md#the-quote). The items are planned and priced by the checkout's own planner (plan-checkout.ts),
 * so the quote is what the checkout charges.
 */
import { bulkDealLabel, stackingRule, type Quote, type QuoteBody } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { lineName } from './checkout-lines.js';
import { planBeatPurchase, plannedUpgradeName, planStems, pricePlan } from './plan-checkout.js';

export async function quoteOrder(deps: Deps, user: UserRow, body: QuoteBody): Promise<Quote> {
  const lines = body.beatIds.map((beatId) => ({ beatId }));
  const planned = body.sessionType === 'stems' ? await planStems(deps, user, lines) : await planBeatPurchase(deps, user, lines);
  // A kept code refused for good is forgotten; this response still says why, once (docs/product/deals.md#a-code-kept-with-the-cart).
  const { items, order, bulk, asked } = await pricePlan(deps, {
    userId: user.id,
    sessionType: body.sessionType,
    items: planned,
    code: body.coupon,
    now: deps.clock.now(),
  });
  return {
    lines: items.map((item) => ({
      beatId: item.beat!.id,
      title: lineName(item.title, plannedUpgradeName(item)),
      kind: item.kind,
      price: centsToDollars(item.priceCents),
      bulkDiscount: centsToDollars(item.bulkCents),
      couponDiscount: centsToDollars(item.couponCents),
      total: centsToDollars(item.chargedCents),
      notes: item.notes,
    })),
    subtotal: centsToDollars(order.subtotalCents),
    bulkDiscount: centsToDollars(order.bulkCents),
    couponDiscount: centsToDollars(order.couponCents),
    total: centsToDollars(order.totalCents),
    bulkDeal: bulk ? { buy: bulk.buy, free: bulk.free, label: bulkDealLabel(bulk) } : null,
    coupon: asked,
    rule: stackingRule,
  };
}
