/**
 * The one stacking rule (docs/product/deals.md#stacking), for any order and any deals: the total is never below zero
 * nor above the undiscounted total, the lines add up to the total, and the order of the lines never changes a thing.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceOrder, purchaseKinds, type BulkDeal, type CouponRule, type OrderLine } from '@beat/shared';

const line = fc.record({
  kind: fc.constantFrom(...purchaseKinds),
  priceCents: fc.integer({ min: 0, max: 200_000 }),
});
const order = fc
  .array(line, { maxLength: 30 })
  .map((lines): OrderLine[] => lines.map((l, i) => ({ ...l, id: `beat-${i}`, beatId: `beat-${i}` })));
const bulk = fc.option(fc.record({ buy: fc.integer({ min: 1, max: 10 }), free: fc.integer({ min: 1, max: 10 }) }), { nil: null });
const coupon = fc.option(
  fc.record({
    kind: fc.constantFrom('percent' as const, 'fixed' as const),
    percentOff: fc.integer({ min: 1, max: 100 }),
    amountOffCents: fc.integer({ min: 1, max: 500_000 }),
    only: fc.option(fc.subarray([...purchaseKinds], { minLength: 1 }), { nil: null }),
  }),
  { nil: null },
);
const ruleOf = (c: { kind: 'percent' | 'fixed'; percentOff: number; amountOffCents: number; only: string[] | null } | null): CouponRule | null =>
  c && {
    code: 'TEST',
    kind: c.kind,
    percentOff: c.kind === 'percent' ? c.percentOff : null,
    amountOffCents: c.kind === 'fixed' ? c.amountOffCents : null,
    appliesTo: (l) => c.only === null || c.only.includes(l.kind),
  };

describe('the stacking rule', () => {
  it('keeps 0 ≤ total ≤ the undiscounted total, the lines adding up to the total, for any cart and deals', () => {
    fc.assert(
      fc.property(order, bulk, coupon, (lines, deal, c) => {
        const priced = priceOrder(lines, { bulk: deal, coupon: ruleOf(c) });
        expect(priced.totalCents).toBeGreaterThanOrEqual(0);
        expect(priced.totalCents).toBeLessThanOrEqual(priced.subtotalCents);
        expect(priced.subtotalCents).toBe(lines.reduce((s, l) => s + l.priceCents, 0));
        expect(priced.lines.reduce((s, l) => s + l.totalCents, 0)).toBe(priced.totalCents);
        expect(priced.subtotalCents - priced.bulkCents - priced.couponCents).toBe(priced.totalCents);
        for (const l of priced.lines) {
          expect(l.totalCents).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(l.totalCents)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same total and the same amount per line whatever the order of the items', () => {
    fc.assert(
      fc.property(order, bulk, coupon, fc.integer(), (lines, deal, c, seed) => {
        const shuffled = [...lines].sort((a, b) => ((a.id.charCodeAt(5) * 31 + seed) % 7) - ((b.id.charCodeAt(5) * 31 + seed) % 7));
        const one = priceOrder(lines, { bulk: deal, coupon: ruleOf(c) });
        const other = priceOrder(shuffled.reverse(), { bulk: deal, coupon: ruleOf(c) });
        expect(other.totalCents).toBe(one.totalCents);
        const byId = new Map(one.lines.map((l) => [l.id, l]));
        for (const l of other.lines) expect(l).toEqual(byId.get(l.id));
      }),
      { numRuns: 300 },
    );
  });

  it('takes the coupon only off the lines it applies to, and never more than the coupon says', () => {
    fc.assert(
      fc.property(order, bulk, coupon, (lines, deal, c) => {
        const rule = ruleOf(c);
        const priced = priceOrder(lines, { bulk: deal, coupon: rule });
        const base = priced.lines.filter((l) => rule?.appliesTo(l)).reduce((s, l) => s + l.priceCents - l.bulkCents, 0);
        for (const l of priced.lines) if (!rule?.appliesTo(l)) expect(l.couponCents).toBe(0);
        if (!rule) expect(priced.couponCents).toBe(0);
        else if (rule.kind === 'fixed') expect(priced.couponCents).toBe(Math.min(base, rule.amountOffCents!));
        else expect(priced.couponCents).toBe(Math.round((base * rule.percentOff!) / 100));
      }),
      { numRuns: 300 },
    );
  });
});

describe('examples', () => {
  const lease = (id: string, priceCents: number): OrderLine => ({ id, beatId: id, kind: 'lease', priceCents });
  const twoPlusOne: BulkDeal = { buy: 2, free: 1 };

  it('Buy 2 get 1: the cheapest of three leases is free; of six, the two cheapest', () => {
    const three = priceOrder([lease('a', 2999), lease('b', 1999), lease('c', 2499)], { bulk: twoPlusOne });
    expect(three.lines.map((l) => [l.id, l.bulkCents])).toEqual([['a', 0], ['b', 1999], ['c', 0]]);
    expect(three.totalCents).toBe(5498);
    const six = priceOrder(['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => lease(id, 1000 + i * 100)), { bulk: twoPlusOne });
    expect(six.freeLeases).toBe(2);
    expect(six.lines.filter((l) => l.bulkCents > 0).map((l) => l.id)).toEqual(['a', 'b']);
  });

  it('a coupon after the bulk deal: 30% of what remains, rounding on the dearest line', () => {
    const thirty: CouponRule = { code: 'SPRING30', kind: 'percent', percentOff: 30, amountOffCents: null, appliesTo: () => true };
    const priced = priceOrder([lease('a', 2999), lease('b', 1999), lease('c', 2499)], { bulk: twoPlusOne, coupon: thirty });
    // 5498 left; 30% is 1649.4 → 1649, shared 2999:2499 → 899 + 749 = 1648, the cent left on the dearest line.
    expect(priced.couponCents).toBe(1649);
    expect(priced.lines.map((l) => [l.id, l.couponCents, l.totalCents])).toEqual([
      ['a', 900, 2099],
      ['b', 0, 0],
      ['c', 749, 1750],
    ]);
    expect(priced.totalCents).toBe(3849);
  });

  it('a fixed coupon larger than the order brings it to zero, not below', () => {
    const big: CouponRule = { code: 'ALL', kind: 'fixed', percentOff: null, amountOffCents: 100_000, appliesTo: () => true };
    expect(priceOrder([lease('a', 2999)], { coupon: big }).totalCents).toBe(0);
  });
});
