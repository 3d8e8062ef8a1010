import { describe, expect, it } from 'vitest';
import { formatCount, formatPrice, formatShortPrice, formatTime, formatUsDate, groupDigits } from './format';

describe('prices', () => {
  it('always show dollars and cents, grouped in thousands', () => {
    expect(formatPrice(19.99)).toBe('$19.99');
    expect(formatPrice(29)).toBe('$29.00');
    expect(formatPrice(25)).toBe('$25.00');
    expect(formatPrice(1200)).toBe('$1,200.00');
    expect(formatPrice(1234567.891)).toBe('$1,234,567.89');
  });

  it('round half a cent away from zero, on the number as written', () => {
    expect(formatPrice(1.005)).toBe('$1.01');
    expect(formatPrice(2.675)).toBe('$2.68');
    expect(formatPrice(99.995)).toBe('$100.00');
    expect(formatPrice(0.004)).toBe('$0.00');
  });

  it('show a negative amount with its sign, but never one that rounds to nothing', () => {
    expect(formatPrice(-19.99)).toBe('-$19.99');
    expect(formatPrice(-0.005)).toBe('-$0.01');
    expect(formatPrice(-0.004)).toBe('$0.00');
    expect(formatPrice(-0)).toBe('$0.00');
  });

  it("write the banner's whole price short, and any other with its cents", () => {
    expect(formatShortPrice(29)).toBe('$29');
    expect(formatShortPrice(29.5)).toBe('$29.50');
  });
});

describe('counts', () => {
  it('group digits in threes and drop any fraction', () => {
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(2000)).toBe('2,000');
    expect(groupDigits(1234567)).toBe('1,234,567');
    expect(groupDigits(-1234)).toBe('-1,234');
    expect(groupDigits(1999.9)).toBe('1,999');
  });
});

describe('track times', () => {
  it('read m:ss, whole seconds only', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(7.9)).toBe('0:07');
    expect(formatTime(187)).toBe('3:07');
    expect(formatTime(600)).toBe('10:00');
    expect(formatTime(3725)).toBe('62:05');
  });

  it('read 0:00 when the length is not known', () => {
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatTime(-3)).toBe('0:00');
  });
});

describe('dates', () => {
  it('read MM/DD/YYYY in the visitor’s time zone', () => {
    expect(formatUsDate(new Date(2026, 2, 4, 13, 30))).toBe('03/04/2026');
    expect(formatUsDate(new Date(1999, 11, 31, 23, 59, 59))).toBe('12/31/1999');
    expect(formatUsDate(new Date(2024, 1, 29))).toBe('02/29/2024');
  });

  it('read "Invalid Date" for a date that cannot be read', () => {
    expect(formatUsDate(new Date('not a date'))).toBe('Invalid Date');
  });
});

describe('counts', () => {
  it('give the noun the form English gives the count', () => {
    expect(formatCount(1, { one: 'beat' })).toBe('1 beat');
    expect(formatCount(0, { one: 'beat' })).toBe('0 beats');
    expect(formatCount(2, { one: 'beat' })).toBe('2 beats');
    expect(formatCount(1200, { one: 'beat' })).toBe('1,200 beats');
    expect(formatCount(1, { one: 'beat shown', other: 'beats shown' })).toBe('1 beat shown');
    expect(formatCount(48, { one: 'beat shown', other: 'beats shown' })).toBe('48 beats shown');
  });
});
