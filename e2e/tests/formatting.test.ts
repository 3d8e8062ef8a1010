/**
 * The web app's price, number and date formatters (apps/web/src/lib/format.ts) print what `Intl`'s plain en-US formats
 * print, except that an amount that rounds to nothing is never negative.
 */
import { describe, expect, it } from 'vitest';
import { formatPrice, formatShortPrice, formatUsDate, groupDigits } from '../../apps/web/src/lib/format.js';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const grouped = new Intl.NumberFormat('en-US');

describe('formatPrice', () => {
  const amounts = [
    0, 0.01, 0.1, 0.5, 0.99, 1, 9.99, 19.99, 29, 29.5, 99.995, 100, 999.99, 1000, 1234.56, 99999.99, 100000,
    1234567.89, 1e9, -1, -19.99, -1234.5, 0.004, 0.005, 1.005, 2.675, 10.125,
  ];
  it.each(amounts)('%s as Intl writes it', (amount) => {
    expect(formatPrice(amount)).toBe(usd.format(amount));
  });

  it('agrees with Intl on every cent amount up to $2,000 and on random amounts', () => {
    for (let cents = 0; cents <= 200_000; cents++) expect(formatPrice(cents / 100)).toBe(usd.format(cents / 100));
    for (let i = 0; i < 20_000; i++) {
      const amount = Math.round((Math.random() - 0.2) * 1e8) / 100 + 0; // + 0: never -0, see below
      expect(formatPrice(amount)).toBe(usd.format(amount));
    }
  });

  it('never shows an amount that rounds to nothing as negative (Intl writes "-$0.00")', () => {
    expect(formatPrice(-0)).toBe('$0.00');
    expect(formatPrice(-0.004)).toBe('$0.00');
    expect(formatPrice(-0.005)).toBe('-$0.01');
  });

  it('keeps the short form for whole amounts only', () => {
    expect(formatShortPrice(29)).toBe('$29');
    expect(formatShortPrice(29.5)).toBe('$29.50');
  });
});

describe('groupDigits', () => {
  it.each([0, 7, 12, 999, 1000, 12345, 100000, 1234567, 100000000, -1, -1234, -1000000])('%s as Intl writes it', (n) => {
    expect(groupDigits(n)).toBe(grouped.format(n));
  });
});

describe('formatUsDate', () => {
  const us = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
  it('writes every day of 2024–2027 and some far dates as Intl does, in the local time zone', () => {
    for (let day = 0; day < 4 * 366; day++) {
      const date = new Date(2024, 0, 1 + day, 13, 30);
      expect(formatUsDate(date)).toBe(us.format(date));
    }
    for (const date of [new Date(1999, 11, 31, 23, 59, 59), new Date(2000, 1, 29), new Date(2100, 0, 1, 0, 0, 0), new Date('2026-03-04T05:06:07Z')]) {
      expect(formatUsDate(date)).toBe(us.format(date));
    }
  });
});
