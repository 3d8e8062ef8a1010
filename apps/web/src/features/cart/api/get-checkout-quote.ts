/**
 * POST /api/checkout/quote: what checking out these items would cost, line by line, with the store's bulk deal and a
 * coupon code (docs/product/deals.md). Asked again, after a short pause, when the items or the code change. A quote
 * that fails (an older server, a network error) is no quote: the order summary then shows list prices, as before deals.
 */
import { useEffect, useState } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote, QuoteBody } from '@beat/shared';
import { api } from '../../../lib/api-client';

/** How long the items or the code must stay put before the quote is asked. */
const QUOTE_PAUSE_MS = 250;

export function getCheckoutQuote(body: QuoteBody, signal?: AbortSignal): Promise<Quote> {
  return api<Quote>('/api/checkout/quote', { method: 'POST', body, signal });
}

/** Invalidate this to ask every quote again (a checkout refused the code or a price the summary showed). */
export const checkoutQuotesQueryKey = ['checkout-quote'] as const;

export function checkoutQuoteQueryOptions(body: QuoteBody | null) {
  return queryOptions({
    queryKey: [...checkoutQuotesQueryKey, body],
    queryFn: ({ signal }) => getCheckoutQuote(body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    // A refusal is a response (200), so a failure is the server's: asking again at once would not help the buyer.
    retry: false,
  });
}

function useSettled<T>(value: T, key: string): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), QUOTE_PAUSE_MS);
    return () => window.clearTimeout(timer);
    // `key` stands for the value: a new array with the same items is not a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return settled;
}

export interface QuoteRequest {
  /** Null for a visitor: no quote (their cart is in the browser and Pay Now sends them to log in). */
  userId: string | null;
  sessionType: QuoteBody['sessionType'];
  beatIds: string[];
  coupon: string | null;
}

/**
 * The quote of the items being bought. `quote` is the response for exactly these items and this code, or the previous
 * one while the new one is on its way (`isUpdating`), or null when there is none.
 */
export function useCheckoutQuote({ userId, sessionType, beatIds, coupon }: QuoteRequest) {
  const ids = [...beatIds].sort();
  const body: QuoteBody | null = userId && ids.length > 0 ? { userId, sessionType, beatIds: ids, ...(coupon ? { coupon } : {}) } : null;
  const settled = useSettled(body, JSON.stringify(body));
  const query = useQuery(checkoutQuoteQueryOptions(settled));
  const current = JSON.stringify(body) === JSON.stringify(settled) && !query.isPlaceholderData;
  return {
    quote: body && !query.isError ? (query.data ?? null) : null,
    isUpdating: body !== null && !query.isError && (!current || query.isFetching),
    /** The quote is for exactly what Pay Now would buy, with this code. */
    isCurrent: body !== null && current && !query.isFetching && query.isSuccess,
  };
}
