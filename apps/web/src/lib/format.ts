/**
 * Small display formatters shared by the catalog, player and cart. Kept free of date libraries and of `Intl`: the
 * first use of `Intl` in a page loads the browser's locale data, about 40 ms of main thread on a fast computer and
 * four times that on a phone, in the middle of the catalog's first render (docs/decisions/0019-first-screen.md).
 * What they print is what `Intl`'s en-US formats print, except that an amount that rounds to nothing is never
 * negative (`e2e/tests/formatting.test.ts` compares them).
 */

/** "1,234,567": a whole number's digits in groups of three, as en-US writes them. */
export function groupDigits(whole: number): string {
  const sign = whole < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(whole)));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = digits.slice(Math.max(0, end - 3), end) + (out ? `,${out}` : '');
  return sign + out;
}

/**
 * A non-negative amount in whole cents, rounded as `Intl` rounds: on the number as JavaScript writes it ("1.005"),
 * half a cent up — not on its binary value (1.00499999…), which `Math.round(amount * 100)` would see.
 */
function centsOf(amount: number): number {
  const text = String(amount);
  if (text.includes('e')) return Math.round(amount * 100); // below a millionth or above 10^21: no half cents to round
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
  return fraction.length > 2 && fraction[2]! >= '5' ? cents + 1 : cents;
}

/**
 * Every price on every screen: "$19.99", "$29.00", "$1,200.00" — always with cents, so prices line up and read
 * alike everywhere (docs/product/screens-and-words.md#dates-and-prices). Half a cent rounds away from zero.
 */
export function formatPrice(amount: number): string {
  const cents = centsOf(Math.abs(amount));
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}$${groupDigits(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * "$29" for whole amounts: only for the upsell banner's fixed words ('…VIP catalog for $29',
 * docs/product/screens-and-words.md#catalog-page). Everything else uses formatPrice.
 */
export function formatShortPrice(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : formatPrice(amount);
}

/** "03/04/2026": a date as en-US writes it with a two-digit month and day, in the visitor's time zone. */
export function formatUsDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()}`;
}

/** Track time as m:ss ("3:07"); anything unknown reads 0:00. */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  return `${m}:${s.toString().padStart(2, '0')}`;
}
