/** Small display formatters shared by the catalog, player and cart. Kept free of date libraries so the first chunk stays light. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Every price on every screen: "$19.99", "$29.00", "$1,200.00" — always with cents, so prices line up and read
 * alike everywhere (docs/product/screens-and-words.md#dates-and-prices).
 */
export function formatPrice(amount: number): string {
  return usd.format(amount);
}

/**
 * "$29" for whole amounts: only for the upsell banner's fixed words ('…VIP catalog for $29',
 * docs/product/screens-and-words.md#catalog-page). Everything else uses formatPrice.
 */
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
