/**
 * The avatar's background: a random hex colour drawn once per browser and kept in localStorage (docs/product/screens-and-words.md#layout),
 * with the ink (black or white) that reads best on it.
 */
const STORAGE_KEY = 'profileColor';
const HEX = /^#[0-9a-f]{6}$/i;

function randomHex(): string {
  const value = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return `#${(value & 0xffffff).toString(16).padStart(6, '0')}`;
}

export function profileColor(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && HEX.test(stored)) return stored;
    const fresh = randomHex();
    localStorage.setItem(STORAGE_KEY, fresh);
    return fresh;
  } catch {
    // Storage blocked (private mode): a colour for this page view only.
    return randomHex();
  }
}

function channel(hex: string, offset: number): number {
  const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Black or white, whichever contrasts more with `background` (one of the two always reaches 4.5:1). */
export function inkFor(background: string): '#000000' | '#ffffff' {
  const l = 0.2126 * channel(background, 1) + 0.7152 * channel(background, 3) + 0.0722 * channel(background, 5);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/** The avatar text (docs/product/screens-and-words.md#layout): the first two letters of the full name in capitals, else "US". */
export function avatarInitials(fullName: string | null | undefined): string {
  const letters = (fullName ?? '').replace(/\s+/g, '');
  return letters ? letters.slice(0, 2).toUpperCase() : 'US';
}
