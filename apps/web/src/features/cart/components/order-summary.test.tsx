import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stackingRule, type Quote, type TierTerms } from '@beat/shared';
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
  stubFetch(() => jsonResponse({ terms: [], tierTerms: [] }));
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

describe('the license terms in the order summary', () => {
  const wavTerms: TierTerms = {
    offer: 'wav',
    version: 2,
    title: 'WAV Lease License',
    body: 'The WAV Lease terms.',
    updatedAt: '2026-12-01T00:00:00.000Z',
    distributionCopies: 10_000,
    audioStreams: 250_000,
    musicVideos: 1,
    radioStations: 2,
    paidPerformances: null,
    creditRequired: true,
    exclusive: false,
    publishingShare: 50,
  };

  it("are each line's tier's: a WAV Lease line shows the WAV Lease's terms, once, beside the MP3 lease's", async () => {
    stubFetch(() => jsonResponse({ terms: [{ ...wavTerms, offer: 'lease', title: 'MP3 Lease License' }], tierTerms: [wavTerms] }));
    const selected: SummaryLine[] = [
      { beatTitle: 'Night Drive', offer: 'lease', tier: { key: 'wav', name: 'WAV Lease' }, price: 49.99 },
      { beatTitle: 'Low Empire', offer: 'lease', tier: { key: 'lease', name: 'MP3 Lease' }, price: 20 },
      { beatTitle: 'Glass Mirage', offer: 'lease', tier: { key: 'wav', name: 'WAV Lease' }, price: 49.99 },
    ];
    renderWithProviders(<OrderSummary listName="Beats" selected={selected} onPay={() => {}} busy={false} />);
    const summaries = screen.getAllByText(/license terms$/).map((el) => el.textContent);
    expect(summaries).toEqual(['WAV Lease license terms', 'MP3 Lease license terms']);
    expect(await screen.findByText('WAV Lease License')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the full license (WAV Lease)' }).getAttribute('href')).toBe('/licenses/terms/wav');
  });
});
