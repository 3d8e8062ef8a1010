/**
 * The deals (docs/product/deals.md): the one stacking rule `priceOrder` case by case, the rule's sentence as the docs
 * quote it, and what the coupon, bulk deal and quote schemas refuse.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bulkDealLabel,
  bulkDealSchema,
  couponInput,
  priceOrder,
  quoteBody,
  stackingRule,
  type CouponRule,
  type OrderLine,
  type PricedOrder,
  type PurchaseKind,
} from './index.js';
import { accepted, refusal, refusals } from './test/refusals.js';

const line = (id: string, priceCents: number, kind: PurchaseKind = 'lease'): OrderLine => ({ id, beatId: id, kind, priceCents });
const percent = (percentOff: number | null, appliesTo: CouponRule['appliesTo'] = () => true): CouponRule => ({
  code: 'PCT',
  kind: 'percent',
  percentOff,
  amountOffCents: null,
  appliesTo,
});
const fixed = (amountOffCents: number | null, appliesTo: CouponRule['appliesTo'] = () => true): CouponRule => ({
  code: 'OFF',
  kind: 'fixed',
  percentOff: null,
  amountOffCents,
  appliesTo,
});
const buy2get1 = { buy: 2, free: 1 };

/** Each line as [id, bulk, coupon, total] in cents, in the order the lines were given. */
const steps = (order: PricedOrder) => order.lines.map((l) => [l.id, l.bulkCents, l.couponCents, l.totalCents]);

describe('the stacking rule: the worked example', () => {
  it('Buy 2 get 1 and 30 % on leases at $30, $20 and $10: $21.00, $14.00 and $0.00, $35.00 in all', () => {
    const order = priceOrder([line('gold', 3000), line('night', 2000), line('drift', 1000)], { bulk: buy2get1, coupon: percent(30) });
    expect(steps(order)).toEqual([
      ['gold', 0, 900, 2100],
      ['night', 0, 600, 1400],
      ['drift', 1000, 0, 0],
    ]);
    expect(order).toMatchObject({ subtotalCents: 6000, bulkCents: 1000, couponCents: 1500, totalCents: 3500, freeLeases: 1 });
  });

  it('says the rule in the words the docs quote', () => {
    const docs = readFileSync(new URL('../../../docs/product/deals.md', import.meta.url), 'utf8');
    expect(docs).toContain(`> ${stackingRule}`);
    expect(bulkDealLabel(buy2get1)).toBe('Buy 2 get 1 free');
  });
});

describe('the stacking rule: the bulk deal', () => {
  it('makes the M cheapest of every N + M leases free, whatever order they come in', () => {
    const order = priceOrder([line('c', 1500), line('a', 2500), line('e', 500), line('b', 2000), line('d', 1000), line('f', 3000)], {
      bulk: buy2get1,
    });
    expect(order.freeLeases).toBe(2);
    expect(order.lines.filter((l) => l.bulkCents > 0).map((l) => l.id)).toEqual(['e', 'd']);
    expect(order.totalCents).toBe(9000);
  });

  it('frees nothing short of N + M leases, and counts only full groups', () => {
    expect(priceOrder([line('a', 2000), line('b', 1000)], { bulk: buy2get1 }).bulkCents).toBe(0);
    const five = priceOrder(['a', 'b', 'c', 'd', 'e'].map((id, i) => line(id, 1000 + i)), { bulk: buy2get1 });
    expect(five.freeLeases).toBe(1);
    expect(five.lines.filter((l) => l.bulkCents > 0).map((l) => l.id)).toEqual(['a']);
    const buy2get2 = priceOrder(['a', 'b', 'c', 'd'].map((id, i) => line(id, 1000 + i)), { bulk: { buy: 2, free: 2 } });
    expect(buy2get2.lines.filter((l) => l.bulkCents > 0).map((l) => l.id)).toEqual(['a', 'b']);
  });

  it('never counts nor frees an exclusive, stems or the VIP plan', () => {
    const order = priceOrder([line('lease-1', 2000), line('lease-2', 1900), line('excl', 100, 'exclusive'), line('stems', 200, 'stems'), line('vip', 300, 'vipPlan')], {
      bulk: buy2get1,
    });
    expect(order.freeLeases).toBe(0);
    expect(order.bulkCents).toBe(0);
    const three = priceOrder([line('lease-1', 2000), line('lease-2', 1900), line('lease-3', 1800), line('excl', 100, 'exclusive')], { bulk: buy2get1 });
    expect(three.lines.filter((l) => l.bulkCents > 0).map((l) => l.id)).toEqual(['lease-3']);
  });

  it('takes the whole price off a free lease, and between leases of one price frees the same one in any order', () => {
    const ids = ['b', 'c', 'a'];
    const one = priceOrder(ids.map((id) => line(id, 1999)), { bulk: buy2get1 });
    const other = priceOrder([...ids].reverse().map((id) => line(id, 1999)), { bulk: buy2get1 });
    expect(one.lines.find((l) => l.bulkCents > 0)).toMatchObject({ id: 'c', bulkCents: 1999, totalCents: 0 });
    expect(other.lines.find((l) => l.bulkCents > 0)?.id).toBe('c');
  });

  it('does nothing when off or when either number is zero', () => {
    const leases = [line('a', 3000), line('b', 2000), line('c', 1000)];
    for (const bulk of [null, undefined, { buy: 0, free: 1 }, { buy: 2, free: 0 }]) {
      expect(priceOrder(leases, { bulk })).toMatchObject({ bulkCents: 0, freeLeases: 0, totalCents: 6000 });
    }
  });
});

describe('the stacking rule: the coupon', () => {
  it('takes a percent of what is left, rounded to the nearest cent', () => {
    // 15 % of $34.98 is 524.7 cents: 525.
    expect(priceOrder([line('a', 1999), line('b', 1499)], { coupon: percent(15) }).couponCents).toBe(525);
    // 50 % of 5 cents is 2.5: rounded up to 3.
    expect(priceOrder([line('a', 5)], { coupon: percent(50) })).toMatchObject({ couponCents: 3, totalCents: 2 });
  });

  it('shares the amount in proportion, each line rounded down, the cent left over on the dearest line', () => {
    // 525 × 1999 / 3498 = 300.02 and 525 × 1499 / 3498 = 224.98: 300 + 224, the cent left on the $19.99 line.
    const cheapestFirst = priceOrder([line('b', 1499), line('a', 1999)], { coupon: percent(15) });
    expect(steps(cheapestFirst)).toEqual([
      ['b', 0, 224, 1275],
      ['a', 0, 301, 1698],
    ]);
    expect(cheapestFirst.totalCents).toBe(2973);
  });

  it('puts the remainder on the next line once the dearest is used up, never below $0.00', () => {
    const order = priceOrder([line('c', 1), line('b', 1), line('a', 1)], { coupon: fixed(2) });
    expect(steps(order)).toEqual([
      ['c', 0, 0, 1],
      ['b', 0, 1, 0],
      ['a', 0, 1, 0],
    ]);
  });

  it('takes a fixed amount off, shared in proportion, and never more than is left to pay', () => {
    expect(steps(priceOrder([line('a', 3000), line('b', 1000)], { coupon: fixed(500) }))).toEqual([
      ['a', 0, 375, 2625],
      ['b', 0, 125, 875],
    ]);
    const capped = priceOrder([line('a', 3000), line('b', 1000)], { coupon: fixed(10_000) });
    expect(capped).toMatchObject({ couponCents: 4000, totalCents: 0 });
    expect(capped.lines.every((l) => l.totalCents === 0)).toBe(true);
  });

  it('applies after the bulk deal: to what remains, and not to a lease the deal made free', () => {
    const leases = [line('a', 3000), line('b', 2000), line('c', 1000)];
    expect(steps(priceOrder(leases, { bulk: buy2get1, coupon: fixed(2500) }))).toEqual([
      ['a', 0, 1500, 1500],
      ['b', 0, 1000, 1000],
      ['c', 1000, 0, 0],
    ]);
    const onlyTheFreeOne = priceOrder(leases, { bulk: buy2get1, coupon: percent(50, (l) => l.id === 'c') });
    expect(onlyTheFreeOne).toMatchObject({ couponCents: 0, totalCents: 5000 });
  });

  it('takes off only the lines it applies to', () => {
    const order = priceOrder([line('lease', 2000), line('excl', 10_000, 'exclusive')], { coupon: percent(10, (l) => l.kind === 'exclusive') });
    expect(steps(order)).toEqual([
      ['lease', 0, 0, 2000],
      ['excl', 0, 1000, 9000],
    ]);
  });

  it('never adds to the price nor takes off more than everything', () => {
    const order = [line('a', 3000)];
    expect(priceOrder(order, { coupon: fixed(-500) }).totalCents).toBe(3000);
    expect(priceOrder(order, { coupon: fixed(null) }).totalCents).toBe(3000);
    expect(priceOrder(order, { coupon: percent(null) }).totalCents).toBe(3000);
    expect(priceOrder(order, { coupon: percent(100) }).totalCents).toBe(0);
    expect(priceOrder(order, { coupon: percent(150) }).totalCents).toBe(0);
  });
});

describe('the stacking rule: the order as a whole', () => {
  it('keeps the lines as given, and the same amounts per line in any order', () => {
    const lines = [line('a', 2999), line('b', 1999), line('c', 2499), line('d', 999), line('e', 4999, 'exclusive')];
    const deals = { bulk: buy2get1, coupon: percent(30) };
    const given = priceOrder(lines, deals);
    expect(given.lines.map((l) => l.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const reversed = priceOrder([...lines].reverse(), deals);
    expect(reversed.lines.map((l) => l.id)).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(new Map(reversed.lines.map((l) => [l.id, l]))).toEqual(new Map(given.lines.map((l) => [l.id, l])));
    expect(reversed.totalCents).toBe(given.totalCents);
  });

  it('adds the lines up to the totals', () => {
    const order = priceOrder([line('a', 2999), line('b', 1999), line('c', 2499), line('d', 1001, 'stems')], { bulk: buy2get1, coupon: percent(33) });
    const sum = (pick: (l: PricedOrder['lines'][number]) => number) => order.lines.reduce((s, l) => s + pick(l), 0);
    expect(order.subtotalCents).toBe(8498);
    expect(sum((l) => l.bulkCents)).toBe(order.bulkCents);
    expect(sum((l) => l.couponCents)).toBe(order.couponCents);
    expect(sum((l) => l.totalCents)).toBe(order.totalCents);
    expect(order.subtotalCents - order.bulkCents - order.couponCents).toBe(order.totalCents);
  });

  it('prices an empty order at zero', () => {
    expect(priceOrder([], { bulk: buy2get1, coupon: fixed(500) })).toEqual({
      lines: [],
      subtotalCents: 0,
      bulkCents: 0,
      couponCents: 0,
      totalCents: 0,
      freeLeases: 0,
    });
  });
});

describe('couponInput', () => {
  const percentCoupon = { code: 'spring30', kind: 'percent', percentOff: 30 };
  const beatId = '8b2f0f2e-6a0e-4f57-9d55-7a1f0a8e3c11';

  it('keeps the code in capitals and fills what was left out', () => {
    expect(accepted(couponInput, { ...percentCoupon, code: '  spring_30-b ' })).toEqual({
      code: 'SPRING_30-B',
      kind: 'percent',
      percentOff: 30,
      amountOff: null,
      scope: 'store',
      beatIds: [],
      offers: [],
      startsAt: null,
      endsAt: null,
      maxRedemptions: null,
      perBuyerLimit: null,
      minimumOrder: null,
      paused: false,
    });
  });

  it('accepts a fixed coupon in cents, limited in time and use, for some beats or offers', () => {
    const coupon = accepted(couponInput, {
      code: 'TENOFF',
      kind: 'fixed',
      amountOff: 19.99,
      scope: 'beats',
      beatIds: [beatId],
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2026-02-01T00:00:00+01:00',
      maxRedemptions: 100,
      perBuyerLimit: 1,
      minimumOrder: 50,
      paused: true,
    });
    expect(coupon).toMatchObject({ amountOff: 19.99, scope: 'beats', beatIds: [beatId], maxRedemptions: 100, paused: true });
    expect(accepted(couponInput, { ...percentCoupon, scope: 'offers', offers: ['lease', 'stems'] }).offers).toEqual(['lease', 'stems']);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a missing code', { code: undefined }, 'code', 'code is required'],
    ['a code too short', { code: 'ab' }, 'code', 'A code is 3 to 32 letters, digits, dashes or underscores.'],
    ['a code too long', { code: 'A'.repeat(33) }, 'code', 'A code is 3 to 32 letters, digits, dashes or underscores.'],
    ['a code with a space', { code: 'SPRING 30' }, 'code', 'A code is 3 to 32 letters, digits, dashes or underscores.'],
    ['an unknown kind', { kind: 'bogo' }, 'kind', 'kind must be percent or fixed'],
    ['a percent of 0', { percentOff: 0 }, 'percentOff', 'percentOff must be between 1 and 100'],
    ['a percent above 100', { percentOff: 101 }, 'percentOff', 'percentOff must be between 1 and 100'],
    ['a fraction of a percent', { percentOff: 12.5 }, 'percentOff', 'percentOff must be a whole number'],
    ['a percent as text', { percentOff: '30' }, 'percentOff', 'percentOff must be a whole number'],
    ['a percent coupon without its percent', { percentOff: null }, 'percentOff', 'A percent coupon needs percentOff (1–100).'],
    ['a fixed coupon without its amount', { kind: 'fixed', percentOff: null }, 'amountOff', 'A fixed coupon needs amountOff in dollars.'],
    ['an amount of $0', { kind: 'fixed', amountOff: 0 }, 'amountOff', 'amountOff must be at least $0.01'],
    ['an amount above $100,000', { kind: 'fixed', amountOff: 100_000.01 }, 'amountOff', 'amountOff must be at most $100,000'],
    ['a fraction of a cent', { kind: 'fixed', amountOff: 0.015 }, 'amountOff', 'amountOff must be in whole cents'],
    ['an amount as text', { kind: 'fixed', amountOff: '5' }, 'amountOff', 'amountOff must be an amount in dollars'],
    ['an unknown scope', { scope: 'everything' }, 'scope', 'scope must be store, beats or offers'],
    ['a beats coupon without beats', { scope: 'beats' }, 'beatIds', 'Choose the beats the coupon is for.'],
    ['a beat that is not an id', { scope: 'beats', beatIds: ['night-drive'] }, 'beatIds.0', 'beatId is not a valid id'],
    ['more than 500 beats', { scope: 'beats', beatIds: Array.from({ length: 501 }, () => beatId) }, 'beatIds', 'A coupon names at most 500 beats.'],
    ['an offers coupon without offers', { scope: 'offers' }, 'offers', 'Choose the offers the coupon is for.'],
    ['an unknown offer', { scope: 'offers', offers: ['mixing'] }, 'offers.0', 'offers must be among lease, stems, exclusive'],
    ['the VIP plan, whose checkout takes no coupon', { scope: 'offers', offers: ['vipPlan'] }, 'offers.0', 'offers must be among lease, stems, exclusive'],
    ['a start without a time', { startsAt: '2026-01-01' }, 'startsAt', 'startsAt must be a date and time (ISO 8601)'],
    ['an end that is not a date', { endsAt: 'next week' }, 'endsAt', 'endsAt must be a date and time (ISO 8601)'],
    ['an end before the start', { startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-31T23:59:59Z' }, 'endsAt', 'endsAt must be after startsAt.'],
    ['an end at the same moment, written in another zone', { startsAt: '2026-01-01T00:00:00Z', endsAt: '2026-01-01T02:00:00+02:00' }, 'endsAt', 'endsAt must be after startsAt.'],
    ['no redemptions allowed', { maxRedemptions: 0 }, 'maxRedemptions', 'maxRedemptions must be at least 1'],
    ['a fraction of a redemption', { maxRedemptions: 1.5 }, 'maxRedemptions', 'maxRedemptions must be a whole number'],
    ['a per-buyer limit above 1,000,000', { perBuyerLimit: 1_000_001 }, 'perBuyerLimit', 'perBuyerLimit must be at most 1,000,000'],
    ['a minimum order of $0', { minimumOrder: 0 }, 'minimumOrder', 'minimumOrder must be at least $0.01'],
    ['paused as text', { paused: 'yes' }, 'paused', 'paused must be true or false'],
  ])('refuses %s', (_, change, field, message) => {
    expect(refusals(couponInput, { ...percentCoupon, ...change })).toEqual({ [field]: message });
  });
});

describe('bulkDealSchema', () => {
  it('accepts Buy N get M with N and M from 1 to 10', () => {
    expect(accepted(bulkDealSchema, { enabled: true, buy: 10, free: 1 })).toEqual({ enabled: true, buy: 10, free: 1 });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ buy: 0 }, 'buy', 'buy must be between 1 and 10'],
    [{ buy: 11 }, 'buy', 'buy must be between 1 and 10'],
    [{ free: 1.5 }, 'free', 'free must be a whole number'],
    [{ free: '1' }, 'free', 'free must be a whole number'],
    [{ enabled: 'on' }, 'enabled', 'enabled must be true or false'],
  ])('refuses %j', (change, field, message) => {
    expect(refusals(bulkDealSchema, { enabled: true, buy: 2, free: 1, ...change })).toEqual({ [field]: message });
  });
});

describe('quoteBody', () => {
  const userId = '0c6a3a57-3d1f-4f0e-8d7c-2f4b9a1e5d60';
  const beatId = '8b2f0f2e-6a0e-4f57-9d55-7a1f0a8e3c11';

  it('accepts a beat or stems cart with an optional code, in capitals', () => {
    expect(accepted(quoteBody, { userId, sessionType: 'stems', beatIds: [beatId], coupon: ' spring30 ' }).coupon).toBe('SPRING30');
    expect(accepted(quoteBody, { userId, sessionType: 'beatPurchase', beatIds: [beatId] }).coupon).toBeUndefined();
  });

  it.each<[Record<string, unknown>, string]>([
    [{ userId: 'me' }, 'userId is not a valid id'],
    [{ sessionType: 'exclusive' }, 'sessionType must be beatPurchase or stems'],
    [{ beatIds: [] }, 'Please select at least one item to purchase.'],
    [{ beatIds: Array.from({ length: 201 }, () => beatId) }, 'A cart holds at most 200 items.'],
    [{ coupon: 'x' }, 'A code is 3 to 32 letters, digits, dashes or underscores.'],
  ])('refuses %j', (change, message) => {
    expect(refusal(quoteBody, { userId, sessionType: 'beatPurchase', beatIds: [beatId], ...change })).toBe(message);
  });
});
