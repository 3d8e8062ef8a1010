/**
 * Release dates read relative ("3 days ago"); an unreadable date says so in the product's words
 * (docs/product/screens-and-words.md#dates-and-prices). The wording and its steps are those of date-fns's
 * `formatDistanceToNow(date, { addSuffix: true })`, written out here: a few lines instead of the library in the
 * catalog's code.
 */
const MINUTES_IN_DAY = 1440;
const MINUTES_IN_MONTH = 43200;

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many.replace('{}', String(count)));

/** Whole months from `earlier` to `later` (later ≥ earlier), counting a month only once it is complete. */
function monthsBetween(later: Date, earlier: Date): number {
  const calendar = (later.getFullYear() - earlier.getFullYear()) * 12 + later.getMonth() - earlier.getMonth();
  if (calendar < 1) return 0;
  const shifted = new Date(later.getTime());
  if (shifted.getMonth() === 1 && shifted.getDate() > 27) shifted.setDate(30);
  shifted.setMonth(shifted.getMonth() - calendar);
  let lastMonthNotFull = shifted.getTime() < earlier.getTime();
  const lastDayOfMonth = new Date(later.getFullYear(), later.getMonth() + 1, 0).getDate() === later.getDate();
  if (lastDayOfMonth && calendar === 1 && later.getTime() > earlier.getTime()) lastMonthNotFull = false;
  return calendar - Number(lastMonthNotFull);
}

/** The distance between two moments in words, as date-fns says it in English. */
export function distanceInWords(date: Date, now: Date): string {
  const [earlier, later] = date.getTime() <= now.getTime() ? [date, now] : [now, date];
  const offsetSeconds = (later.getTimezoneOffset() - earlier.getTimezoneOffset()) * 60;
  const seconds = Math.trunc((later.getTime() - earlier.getTime()) / 1000);
  const minutes = Math.round((seconds - offsetSeconds) / 60);
  if (minutes < 2) return minutes === 0 ? 'less than a minute' : '1 minute';
  if (minutes < 45) return `${minutes} minutes`;
  if (minutes < 90) return 'about 1 hour';
  if (minutes < MINUTES_IN_DAY) return plural(Math.round(minutes / 60), 'about 1 hour', 'about {} hours');
  if (minutes < 2520) return '1 day';
  if (minutes < MINUTES_IN_MONTH) return plural(Math.round(minutes / MINUTES_IN_DAY), '1 day', '{} days');
  if (minutes < MINUTES_IN_MONTH * 2) return plural(Math.round(minutes / MINUTES_IN_MONTH), 'about 1 month', 'about {} months');
  const months = monthsBetween(later, earlier);
  if (months < 12) return plural(Math.round(minutes / MINUTES_IN_MONTH), '1 month', '{} months');
  const years = Math.trunc(months / 12);
  const rest = months % 12;
  if (rest < 3) return plural(years, 'about 1 year', 'about {} years');
  if (rest < 9) return plural(years, 'over 1 year', 'over {} years');
  return plural(years + 1, 'almost 1 year', 'almost {} years');
}

export function formatReleaseDate(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return 'Invalid date';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  const words = distanceInWords(date, now);
  return date.getTime() > now.getTime() ? `in ${words}` : `${words} ago`;
}
