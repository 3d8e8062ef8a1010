import { describe, expect, it } from 'vitest';
import { summaryTitle } from './order-summary';

const line = (beatTitle: string) => ({ beatTitle }) as Parameters<typeof summaryTitle>[0][number];

describe("the cart's order summary", () => {
  it("names the first title and how many more: '{first title} and {n-1} more'", () => {
    expect(summaryTitle([line('Night Drive')])).toBe('Night Drive');
    expect(summaryTitle([line('Night Drive'), line('Low Empire'), line('Glass Mirage')])).toBe('Night Drive and 2 more');
    expect(summaryTitle([])).toBe('');
  });
});
