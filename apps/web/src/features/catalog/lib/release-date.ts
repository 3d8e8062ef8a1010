/** Release dates read relative ("3 days ago", spec §9); an unreadable date says so in the spec's words. */
import { formatDistanceToNow } from 'date-fns';

export function formatReleaseDate(iso: string | null | undefined): string {
  if (!iso) return 'Invalid date';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return formatDistanceToNow(date, { addSuffix: true });
}
