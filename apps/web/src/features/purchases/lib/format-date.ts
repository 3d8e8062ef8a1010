/** Purchase dates as the spec shows them: MM/DD/YYYY (en-US); an unreadable date reads 'Invalid Date' (spec §8). */
const formatter = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

export function formatPurchaseDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : formatter.format(date);
}
