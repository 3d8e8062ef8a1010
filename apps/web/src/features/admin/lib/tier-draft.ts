/**
 * Admin → Licenses' tier forms as the admin types them (the price as text, the files as boxes), and the bodies they
 * become (docs/product/licenses.md#tiers). The server judges the name, the price and the files; only what JSON could
 * not carry faithfully (a price that is not a number would be sent as null) is refused here.
 */
import { libraryFileLabels, type AdminTier, type FileType } from '@beat/shared';
import { formatMoney } from './format';

export interface TierDraft {
  name: string;
  /** Dollars as typed; empty: no default price. */
  price: string;
  files: FileType[];
}

export const emptyTierDraft: TierDraft = { name: '', price: '', files: ['mp3'] };

export function tierToDraft(tier: AdminTier): TierDraft {
  return { name: tier.name, price: priceText(tier.defaultPrice), files: tier.files };
}

/** A price as the price box shows it: "49.99", or empty for none. */
export function priceText(price: number | null): string {
  return price === null ? '' : price.toFixed(2);
}

export const priceTypo = 'Enter the price in dollars, e.g. 49.99, or leave it empty.';

/** A typed price: null when empty, else the number ("$49.99" and "49.99" alike), or why it is not one. */
export function parsePrice(text: string): { ok: true; price: number | null } | { ok: false; error: string } {
  const trimmed = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (trimmed === '') return { ok: true, price: null };
  const price = Number(trimmed);
  return Number.isFinite(price) ? { ok: true, price } : { ok: false, error: priceTypo };
}

/** "MP3 · WAV · Stems (ZIP)". */
export function filesText(files: readonly FileType[]): string {
  return files.map((f) => libraryFileLabels[f]).join(' · ');
}

/** What a tier costs unless a beat sets its own price. */
export function defaultPriceText(tier: Pick<AdminTier, 'builtIn' | 'defaultPrice'>): string {
  if (tier.builtIn) return "The beat's own price";
  return tier.defaultPrice === null ? 'None: each beat sets its price' : formatMoney(tier.defaultPrice);
}
