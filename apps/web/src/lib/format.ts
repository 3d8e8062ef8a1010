/** Small display formatters shared by the catalog, player and cart. Kept free of date libraries so the first chunk stays light. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$19.99"; whole amounts keep their cents so prices line up ("$29.00" reads as a price, "$29" as a banner figure). */
export function formatPrice(amount: number): string {
  return usd.format(amount);
}

/** "$29" for whole amounts, "$19.99" otherwise — the banner's own wording uses the short form. */
export function formatShortPrice(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : usd.format(amount);
}

/** Track time as m:ss ("3:07"); anything unknown reads 0:00. */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  return `${m}:${s.toString().padStart(2, '0')}`;
}
