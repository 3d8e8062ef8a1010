import { formatPrice } from '../../../lib/format';

/** Admin formatting: dates as MM/DD/YYYY (docs/product/screens-and-words.md#dates-and-prices), in UTC like the server's analytics days; money; sizes; durations. */

const usDate = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
const usDateTime = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

/** "06/10/2026" from an ISO date or date-time; 'Invalid Date' when it is not one (docs/product/screens-and-words.md#dates-and-prices). */
export function formatUsDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : usDate.format(date);
}

/** "06/10/2026 14:05 UTC". */
export function formatUsDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : `${usDateTime.format(date).replace(',', '')} UTC`;
}

/** "06/10" for chart axes, from a YYYY-MM-DD day. */
export function formatShortDay(day: string): string {
  const [, m, d] = day.split('-');
  return `${m}/${d}`;
}

const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
/** Amounts in tables and totals: the store's one price format ("$1,200.00"). */
export const formatMoney = formatPrice;
/** For chart axes only (tick labels, not prices): "$1,200". */
export const formatMoneyShort = (amount: number) => usdWhole.format(amount);

const integer = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => integer.format(n);

/** "12m 30s", "1h 05m", "45s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** "48.2 MB", "820 KB". */
export function formatBytes(bytes: number): string {
  const trim = (n: number, digits: number) => n.toFixed(digits).replace(/\.0+$/, '');
  if (bytes >= 1024 ** 3) return `${trim(bytes / 1024 ** 3, 2)} GB`;
  if (bytes >= 1024 ** 2) return `${trim(bytes / 1024 ** 2, 1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** ISO → the value a datetime-local input shows (the admin's local time). */
export function toLocalDateTimeInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
