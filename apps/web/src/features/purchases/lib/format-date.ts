/** Purchase dates as the screens show them: MM/DD/YYYY (en-US); an unreadable date reads 'Invalid Date' (docs/product/screens-and-words.md#dates-and-prices). */
import { formatUsDate } from '../../../lib/format';

export function formatPurchaseDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : formatUsDate(date);
}
