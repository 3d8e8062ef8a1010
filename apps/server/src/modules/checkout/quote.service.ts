/**
 * POST /api/checkout/quote: what a checkout of these items would cost, line by line, with the bulk deal and a coupon
 * (docs/product/deals.md#the-quote). The items are planned by the checkout's own planners and priced by the same rule, so
 * the quote is what the checkout charges.
 */
import { bulkDealLabel, stackingRule, type Quote, type QuoteBody } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { UserRow } from '../../db/schema.js';
import { centsToDollars } from '../beats/beat-dto.js';
import { orderLinesOf, planBeatPurchase, planStems } from './checkout.service.js';
import { upgradeLabel } from '../offers/upgrades.js';
import { bulkDealName, dealNotes, priceWithDeals } from '../deals/pricing.js';
import { forgetRefusedCoupon } from '../deals/kept-coupons.js';

export async function quoteOrder(deps: Deps, user: UserRow, body: QuoteBody): Promise<Quote> {
  const lines = body.beatIds.map((beatId) => ({ beatId }));
  const items = body.sessionType === 'stems' ? await planStems(deps, user, lines) : await planBeatPurchase(deps, user, lines);
  const deals = await priceWithDeals(deps.db, {
    userId: user.id,
    sessionType: body.sessionType,
    lines: orderLinesOf(items),
    code: body.coupon,
    now: deps.clock.now(),
  });
  // A kept code refused for good is forgotten; this answer still says why, once (docs/product/deals.md#a-code-kept-with-the-cart).
  await forgetRefusedCoupon(deps.db, user.id, body.sessionType, deals.asked);
  const { order, bulk } = deals;
  return {
    lines: items.map((item, i) => {
      const line = order.lines[i]!;
      return {
        beatId: item.beat!.id,
        title: item.upgrades ? upgradeLabel(item.title, item.upgrades.paidCents) : item.title,
        kind: item.kind,
        price: centsToDollars(line.priceCents),
        bulkDiscount: centsToDollars(line.bulkCents),
        couponDiscount: centsToDollars(line.couponCents),
        total: centsToDollars(line.totalCents),
        notes: dealNotes(
          { listPriceCents: line.priceCents, bulkCents: line.bulkCents, couponCents: line.couponCents },
          bulk ? bulkDealName(bulk) : null,
          deals.coupon?.code ?? null,
        ),
      };
    }),
    subtotal: centsToDollars(order.subtotalCents),
    bulkDiscount: centsToDollars(order.bulkCents),
    couponDiscount: centsToDollars(order.couponCents),
    total: centsToDollars(order.totalCents),
    bulkDeal: bulk ? { buy: bulk.buy, free: bulk.free, label: bulkDealLabel(bulk) } : null,
    coupon: deals.asked,
    rule: stackingRule,
  };
}
