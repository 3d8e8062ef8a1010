/**
 * A beat's generated cover art, drawn from its id and title so each beat keeps one look everywhere: the web app's
 * tiles (CSS) and the link previews' image (a PNG the server draws). Numbers only, no DOM.
 */

/** FNV-1a: a small, stable string hash. */
export function artworkHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A run of pseudo-random numbers in [0, 1) seeded by the hash (mulberry32). */
function sequence(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ArtworkPalette {
  /** The base gradient runs from hue A (dark) to hue B (bright) at `angle` degrees (CSS linear-gradient). */
  hueA: number;
  hueB: number;
  /** The glow's hue and its centre in percent of the tile. */
  hueC: number;
  angle: number;
  glowX: number;
  glowY: number;
  /** 0: bars, 1: rings, 2: a wave through the bars' heights. */
  motif: number;
  bars: number[];
  rings: { cx: number; cy: number; r: number }[];
}

/** The palette of a beat's artwork: the same numbers, in the same order, as the web app's tiles draw. */
export function artworkPalette(id: string, title: string): ArtworkPalette {
  const rand = sequence(artworkHash(`${id}:${title}`));
  const hueA = Math.floor(rand() * 360);
  const hueB = (hueA + 40 + Math.floor(rand() * 120)) % 360;
  const hueC = (hueB + 60 + Math.floor(rand() * 90)) % 360;
  const angle = Math.floor(rand() * 360);
  const glowX = Math.floor(rand() * 100);
  const glowY = Math.floor(rand() * 40);
  const motif = Math.floor(rand() * 3);
  const bars = Array.from({ length: 14 }, () => 0.2 + rand() * 0.8);
  const rings = Array.from({ length: 3 }, () => ({ cx: 20 + rand() * 60, cy: 20 + rand() * 60, r: 18 + rand() * 34 }));
  return { hueA, hueB, hueC, angle, glowX, glowY, motif, bars, rings };
}
