/**
 * Small display formatters shared by the catalog, player and cart: prices in the store's currency (USD), counts and
 * dates as en-US writes them, and track times. Each `Intl` formatter is made once, here, and reused.
 */

const LOCALE = 'en-US';
const CURRENCY = 'USD';

// `signDisplay: 'negative'`: an amount that rounds to nothing is never negative ("$0.00", not "-$0.00").
const price = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});
// The banner's words write a whole price as "$29", its digits ungrouped.
const wholeDollars = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
  useGrouping: false,
  signDisplay: 'negative',
});
const grouped = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0, roundingMode: 'trunc', signDisplay: 'negative' });
const usDate = new Intl.DateTimeFormat(LOCALE, { month: '2-digit', day: '2-digit', year: 'numeric' });
const minutes = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0, useGrouping: false });
const seconds = new Intl.NumberFormat(LOCALE, { minimumIntegerDigits: 2, maximumFractionDigits: 0, useGrouping: false });

/** "1,234,567": a whole number's digits in groups of three (a fraction is dropped). */
export function groupDigits(whole: number): string {
  return grouped.format(whole);
}

/**
 * Every price on every screen: "$19.99", "$29.00", "$1,200.00" — always with cents, so prices line up and read
 * alike everywhere (docs/product/screens-and-words.md#dates-and-prices). Half a cent rounds away from zero.
 */
export function formatPrice(amount: number): string {
  return price.format(amount);
}

/**
 * "$29" for whole amounts: only for the upsell banner's fixed words ('…VIP catalog for $29',
 * docs/product/screens-and-words.md#catalog-page). Everything else uses formatPrice.
 */
export function formatShortPrice(amount: number): string {
  return Number.isInteger(amount) ? wholeDollars.format(amount) : formatPrice(amount);
}

/**
 * "03/04/2026": a date as en-US writes it with a two-digit month and day, in the visitor's time zone; a date that
 * cannot be read reads "Invalid Date", as the purchase screens word it (`Intl` would throw).
 */
export function formatUsDate(date: Date): string {
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : usDate.format(date);
}

/** Track time as m:ss ("3:07"); anything unknown reads 0:00. */
export function formatTime(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return '0:00';
  const whole = Math.floor(totalSeconds);
  return `${minutes.format(Math.floor(whole / 60))}:${seconds.format(whole % 60)}`;
}

const pluralRules = new Intl.PluralRules(LOCALE);

/**
 * "1 beat", "48 beats", "1,200 beats": a count with its noun in the form English gives that count (`Intl.PluralRules`).
 * `forms.other` defaults to the noun with an "s".
 */
export function formatCount(count: number, forms: { one: string; other?: string }): string {
  const noun = pluralRules.select(count) === 'one' ? forms.one : (forms.other ?? `${forms.one}s`);
  return `${groupDigits(count)} ${noun}`;
}
