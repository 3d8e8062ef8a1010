import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stackingRule, type Quote } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { OrderSummary, summaryTitle, type SummaryLine } from './order-summary';

const line = (beatTitle: string) => ({ beatTitle }) as Parameters<typeof summaryTitle>[0][number];

describe("the cart's order summary", () => {
  it("names the first title and how many more: '{first title} and {n-1} more'", () => {
    expect(summaryTitle([line('Night Drive')])).toBe('Night Drive');
    expect(summaryTitle([line('Night Drive'), line('Low Empire'), line('Glass Mirage')])).toBe('Night Drive and 2 more');
    expect(summaryTitle([])).toBe('');
  });
});

const leases: SummaryLine[] = [
  { beatTitle: 'Night Drive', offer: 'lease', price: 30 },
  { beatTitle: 'Low Empire', offer: 'lease', price: 20 },
  { beatTitle: 'Glass Mirage', offer: 'lease', price: 10 },
];

/** The server's quote of the three leases with SPRING30 (30 % off), with or without the store's bulk deal. */
function quote(bulkDeal: boolean): Quote {
  const lines = bulkDeal
    ? [
        { beatId: 'b1', title: 'Night Drive', kind: 'lease' as const, price: 30, bulkDiscount: 0, couponDiscount: 9, total: 21, notes: ['−$9.00 with SPRING30'] },
        { beatId: 'b2', title: 'Low Empire', kind: 'lease' as const, price: 20, bulkDiscount: 0, couponDiscount: 6, total: 14, notes: ['−$6.00 with SPRING30'] },
        { beatId: 'b3', title: 'Glass Mirage', kind: 'lease' as const, price: 10, bulkDiscount: 10, couponDiscount: 0, total: 0, notes: ['Free with Buy 2 get 1'] },
      ]
    : [
        { beatId: 'b1', title: 'Night Drive', kind: 'lease' as const, price: 30, bulkDiscount: 0, couponDiscount: 9, total: 21, notes: ['−$9.00 with SPRING30'] },
        { beatId: 'b2', title: 'Low Empire', kind: 'lease' as const, price: 20, bulkDiscount: 0, couponDiscount: 6, total: 14, notes: ['−$6.00 with SPRING30'] },
        { beatId: 'b3', title: 'Glass Mirage', kind: 'lease' as const, price: 10, bulkDiscount: 0, couponDiscount: 3, total: 7, notes: ['−$3.00 with SPRING30'] },
      ];
  return {
    lines,
    subtotal: 60,
    bulkDiscount: bulkDeal ? 10 : 0,
    couponDiscount: bulkDeal ? 15 : 18,
    total: bulkDeal ? 35 : 42,
    bulkDeal: bulkDeal ? { buy: 2, free: 1, label: 'Buy 2 get 1 free' } : null,
    coupon: { code: 'SPRING30', applied: true, reason: null, message: null },
    rule: stackingRule,
  };
}

function renderSummary(q: Quote) {
  // The summary shows the license terms of what it buys: the store answers them.
  stubFetch(() => jsonResponse({ terms: [] }));
  return renderWithProviders(
    <OrderSummary
      listName="Beats"
      selected={leases}
      onPay={() => {}}
      busy={false}
      deals={{ code: 'SPRING30', quote: q, updating: false, onApply: () => {}, onRemove: () => {} }}
    />,
  );
}

describe('the bulk deal in the order summary', () => {
  it('is explained only while the store has it on: a coupon alone says nothing of a bulk deal', () => {
    renderSummary(quote(false));
    expect(screen.getByText('Coupon SPRING30')).toBeTruthy();
    expect(screen.queryByText(/bulk deal/i)).toBeNull();
  });

  it('shows its discount and how it combines with the coupon when it is on', () => {
    renderSummary(quote(true));
    expect(screen.getByText('Bulk deal (Buy 2 get 1 free)')).toBeTruthy();
    expect(screen.getByText(stackingRule)).toBeTruthy();
  });
});
