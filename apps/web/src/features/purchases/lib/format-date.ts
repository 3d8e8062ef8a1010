/** Purchase dates as the screens show them: MM/DD/YYYY (en-US); an unreadable date reads 'Invalid Date' (docs/product/screens-and-words.md#dates-and-prices). */
const formatter = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

export function formatPurchaseDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : formatter.format(date);
}
