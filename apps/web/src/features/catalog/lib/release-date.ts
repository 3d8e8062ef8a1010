/** Release dates read relative ("3 days ago"); an unreadable date says so in the product's words (docs/product/screens-and-words.md#dates-and-prices). */
import { formatDistanceToNow } from 'date-fns';

export function formatReleaseDate(iso: string | null | undefined): string {
  if (!iso) return 'Invalid date';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return formatDistanceToNow(date, { addSuffix: true });
}
