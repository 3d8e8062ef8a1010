/**
 * Carts and checkouts (docs/product/calls.md, docs/product/offers-and-prices.md, docs/product/deals.md#a-code-kept-with-the-cart):
 * what each body accepts and what it refuses, in words.
 */
import { describe, expect, it } from 'vitest';
import {
  beatCheckoutBody,
  cancelCheckoutBody,
  checkoutIdParams,
  commerceMessages,
  confirmCheckoutBody,
  couponCode,
  exclusiveCheckoutBody,
  keepCartCouponBody,
  mergeCartBody,
  planCheckoutBody,
  purchasedListBody,
  purchasesQuery,
  removeCartCouponBody,
  stemsCheckoutBody,
} from './index.js';
import { accepted, refusal, refusals } from './test/refusals.js';

const userId = '0c6a3a57-3d1f-4f0e-8d7c-2f4b9a1e5d60';
const beatId = '8b2f0f2e-6a0e-4f57-9d55-7a1f0a8e3c11';
const email = 'buyer@demo.test';

describe('couponCode', () => {
  it('keeps a code trimmed and in capitals', () => {
    expect(accepted(couponCode, ' spring_30-b ')).toBe('SPRING_30-B');
    expect(accepted(couponCode, 'A'.repeat(32))).toBe('A'.repeat(32));
  });

  it.each([['ab'], ['A'.repeat(33)], ['SPRING 30'], ['30%OFF'], ['']])('refuses %j', (code) => {
    expect(refusal(couponCode, code)).toBe('A code is 3 to 32 letters, digits, dashes or underscores.');
  });
});

describe('the carts', () => {
  it('merges a visitor cart with its code, and an empty one', () => {
    expect(accepted(mergeCartBody, { userId, beatIds: [beatId], coupon: 'spring30' })).toEqual({ userId, beatIds: [beatId], stemsBeatIds: [], coupon: 'SPRING30' });
    expect(accepted(mergeCartBody, { userId })).toEqual({ userId, beatIds: [], stemsBeatIds: [] });
  });

  it('merges the licence tier a visitor chose for a beat of the cart', () => {
    expect(accepted(mergeCartBody, { userId, beatIds: [beatId], beatTiers: [{ beatId, tier: 'wav' }] }).beatTiers).toEqual([{ beatId, tier: 'wav' }]);
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ beatIds: beatId }, { beatIds: 'beatIds must be a list of beat ids' }],
    [{ beatIds: ['night-drive'] }, { 'beatIds.0': 'beatId is not a valid id' }],
    [{ stemsBeatIds: Array.from({ length: 201 }, () => beatId) }, { stemsBeatIds: 'A cart holds at most 200 items.' }],
    [{ coupon: 'x' }, { coupon: 'A code is 3 to 32 letters, digits, dashes or underscores.' }],
    [{ beatIds: [beatId], beatTiers: { [beatId]: 'wav' } }, { beatTiers: 'beatTiers must be a list of { beatId, tier }' }],
    [{ beatIds: [beatId], beatTiers: [{ beatId, tier: 'WAV Lease' }] }, { 'beatTiers.0.tier': 'A tier key is a lower-case letter followed by 1 to 31 letters or digits.' }],
    [{ beatIds: [], beatTiers: [{ beatId, tier: 'wav' }] }, { 'beatTiers.0.beatId': 'Each beat in beatTiers must be one of beatIds.' }],
    [
      { beatIds: [beatId], beatTiers: [{ beatId, tier: 'wav' }, { beatId, tier: 'trackout' }] },
      { 'beatTiers.1.beatId': 'beatTiers names each beat once.' },
    ],
  ])('refuses a merge of %j', (change, expected) => {
    expect(refusals(mergeCartBody, { userId, ...change })).toEqual(expected);
  });

  it('keeps a code with the beats or the stems cart only', () => {
    expect(accepted(keepCartCouponBody, { userId, cart: 'stems', code: 'tenoff' })).toEqual({ userId, cart: 'stems', code: 'TENOFF' });
    expect(refusals(keepCartCouponBody, { userId, cart: 'vip', code: 'TENOFF' })).toEqual({ cart: 'cart must be beats or stems' });
    expect(refusals(removeCartCouponBody, { userId })).toEqual({ cart: 'cart must be beats or stems' });
  });
});

describe('the checkouts', () => {
  const cart = { beatDetails: [{ beatId, beatName: 'Night Drive', price: 19.99 }], email, userId };

  it('accepts the calls as the web app sends them, the code trimmed and in capitals', () => {
    expect(accepted(beatCheckoutBody, { ...cart, sessionType: 'beatPurchase', coupon: ' spring30 ' }).coupon).toBe('SPRING30');
    expect(accepted(stemsCheckoutBody, { ...cart, sessionType: 'stems' }).sessionType).toBe('stems');
    expect(accepted(exclusiveCheckoutBody, { beatId, price: 249, email, userId, sessionType: 'exclusive' }).price).toBe(249);
    expect(accepted(planCheckoutBody, { price: 29, email, userId }).sessionType).toBeUndefined();
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['nothing selected', { beatDetails: [] }, commerceMessages.selectAtLeastOne],
    ['more than 50 items', { beatDetails: Array.from({ length: 51 }, () => ({ beatId })) }, 'At most 50 items can be bought at once.'],
    ['no list', { beatDetails: beatId }, 'beatDetails must be a list of beats'],
    ['a negative price', { beatDetails: [{ beatId, price: -1 }] }, 'price cannot be negative'],
    ['a price as text', { beatDetails: [{ beatId, price: '19.99' }] }, 'price must be a number of dollars'],
    ['an absurd price', { beatDetails: [{ beatId, price: 1_000_001 }] }, 'price is too large'],
    ['another session type', { sessionType: 'stems' }, "sessionType must be 'beatPurchase' for this call"],
    ['a code too long to be one', { coupon: 'A'.repeat(65) }, 'coupon is too long'],
    ['a code that is not text', { coupon: 30 }, 'coupon must be a code'],
    ['no e-mail', { email: undefined }, 'Email is required'],
  ])('refuses a cart checkout with %s', (_, change, message) => {
    expect(refusal(beatCheckoutBody, { ...cart, ...change })).toBe(message);
  });

  it('refuses each checkout called with another session type', () => {
    expect(refusal(stemsCheckoutBody, { ...cart, sessionType: 'beatPurchase' })).toBe("sessionType must be 'stems' for this call");
    expect(refusal(exclusiveCheckoutBody, { beatId, email, userId, sessionType: 'vipPlan' })).toBe("sessionType must be 'exclusive' for this call");
    expect(refusal(planCheckoutBody, { email, userId, sessionType: 'exclusive' })).toBe("sessionType must be 'vipPlan' for this call");
  });

  it('refuses to confirm, cancel or name a checkout without a valid one', () => {
    expect(refusal(confirmCheckoutBody, {})).toBe('sessionId is required');
    expect(refusal(confirmCheckoutBody, { sessionId: '' })).toBe('sessionId is required');
    expect(refusal(confirmCheckoutBody, { sessionId: 'x'.repeat(256) })).toBe('sessionId is not valid');
    expect(refusal(cancelCheckoutBody, { checkout: '' })).toBe('checkout is required');
    expect(refusal(checkoutIdParams, { checkoutId: 'cs_test_123' })).toBe('checkoutId is not a checkout id');
  });
});

describe('purchasesQuery', () => {
  it('reads a limit from the query string, and none for the whole list', () => {
    expect(accepted(purchasesQuery, { limit: '20', cursor: 'abc' })).toEqual({ limit: 20, cursor: 'abc' });
    expect(accepted(purchasesQuery, {})).toEqual({});
  });

  it('lists the bought beats of an address, a page at a time', () => {
    expect(accepted(purchasedListBody, { email: 'Buyer@Demo.Test', limit: 5 })).toEqual({ email, limit: 5 });
    expect(refusal(purchasedListBody, { email, limit: 0 })).toBe('limit must be between 1 and 500');
  });

  it.each<[Record<string, unknown>, string]>([
    [{ limit: '0' }, 'limit must be between 1 and 500'],
    [{ limit: '501' }, 'limit must be between 1 and 500'],
    [{ limit: '2.5' }, 'limit must be a whole number'],
    [{ limit: 'many' }, 'limit must be a number'],
    [{ cursor: 'x'.repeat(301) }, 'cursor is not valid'],
  ])('refuses %j', (query, message) => {
    expect(refusal(purchasesQuery, query)).toBe(message);
  });
});
