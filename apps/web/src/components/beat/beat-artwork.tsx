/**
 * Cover art for beats that have none: a gradient tile drawn from the beat's id and title, so each
 * beat keeps the same look everywhere (card, row, player) without any image download.
 */
import type { CSSProperties } from 'react';
import './beat-artwork.css';

/** FNV-1a: a small, stable string hash. */
function hash(text: string): number {
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

export interface ArtworkStyle {
  background: string;
  glow: string;
  motif: number;
  bars: number[];
  rings: { cx: number; cy: number; r: number }[];
}

export function artworkFor(id: string, title: string): ArtworkStyle {
  const rand = sequence(hash(`${id}:${title}`));
  const hueA = Math.floor(rand() * 360);
  const hueB = (hueA + 40 + Math.floor(rand() * 120)) % 360;
  const hueC = (hueB + 60 + Math.floor(rand() * 90)) % 360;
  const angle = Math.floor(rand() * 360);
  const background = [
    `radial-gradient(120% 90% at ${Math.floor(rand() * 100)}% ${Math.floor(rand() * 40)}%, hsl(${hueC} 85% 62% / 0.55), transparent 60%)`,
    `linear-gradient(${angle}deg, hsl(${hueA} 70% 22%), hsl(${hueB} 78% 44%))`,
  ].join(', ');
  const motif = Math.floor(rand() * 3);
  const bars = Array.from({ length: 14 }, () => 0.2 + rand() * 0.8);
  const rings = Array.from({ length: 3 }, () => ({ cx: 20 + rand() * 60, cy: 20 + rand() * 60, r: 18 + rand() * 34 }));
  return { background, glow: `hsl(${hueB} 90% 60% / 0.35)`, motif, bars, rings };
}

export interface BeatArtworkProps {
  id: string;
  title: string;
  className?: string;
  /** Rounded corner size; the tile itself fills its box. */
  radius?: string;
}

/**
 * The motif as an SVG image for the tile's top background layer: one element per tile however many shapes it has,
 * which keeps long lists light. Shapes take the tile's translucent white fill and stroke.
 */
export function motifSvg(art: ArtworkStyle): string {
  let shapes = '';
  if (art.motif === 0) {
    shapes = art.bars.map((h, i) => `<rect x="${r(4 + i * 6.6)}" y="${r(100 - h * 46 - 6)}" width="3.6" height="${r(h * 46)}" rx="1.8"/>`).join('');
  } else if (art.motif === 1) {
    shapes = art.rings.map((ring) => `<circle cx="${r(ring.cx)}" cy="${r(ring.cy)}" r="${r(ring.r)}" fill="none" stroke-width="1.4"/>`).join('');
  } else {
    const d = `M0 ${r(60 + (art.bars[0] ?? 0.5) * 10)} ${art.bars
      .map((h, i) => `Q ${r(i * 7.7 + 3.8)} ${r(40 + h * 40)} ${r((i + 1) * 7.7)} ${r(55 + (art.bars[i + 1] ?? h) * 10)}`)
      .join(' ')}`;
    shapes = `<path d="${d}" fill="none" stroke-width="1.6"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" preserveAspectRatio="none" fill="#fff" fill-opacity="0.22" stroke="#fff" stroke-opacity="0.3">${shapes}</svg>`;
}

/** Two decimals are finer than any tile is drawn. */
function r(value: number): number {
  return Math.round(value * 100) / 100;
}

export function BeatArtwork({ id, title, className, radius }: BeatArtworkProps) {
  const art = artworkFor(id, title);
  // The motif is the top layer, blended into the gradient beneath it.
  const style: CSSProperties = {
    background: `url("data:image/svg+xml,${encodeURIComponent(motifSvg(art))}") center / 100% 100% no-repeat, ${art.background}`,
    backgroundBlendMode: 'overlay, normal, normal',
    borderRadius: radius,
  };
  return <span className={['beat-art', className].filter(Boolean).join(' ')} style={style} aria-hidden="true" />;
}
