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

export function BeatArtwork({ id, title, className, radius }: BeatArtworkProps) {
  const art = artworkFor(id, title);
  const style: CSSProperties = { background: art.background, borderRadius: radius };
  return (
    <span className={['beat-art', className].filter(Boolean).join(' ')} style={style} aria-hidden="true">
      <svg className="beat-art__motif" viewBox="0 0 100 100" preserveAspectRatio="none" focusable="false">
        {art.motif === 0 &&
          art.bars.map((h, i) => (
            <rect key={i} x={4 + i * 6.6} y={100 - h * 46 - 6} width={3.6} height={h * 46} rx={1.8} />
          ))}
        {art.motif === 1 &&
          art.rings.map((ring, i) => <circle key={i} cx={ring.cx} cy={ring.cy} r={ring.r} fill="none" strokeWidth={1.4} />)}
        {art.motif === 2 && (
          <path
            d={`M0 ${60 + (art.bars[0] ?? 0.5) * 10} ${art.bars
              .map((h, i) => `Q ${i * 7.7 + 3.8} ${40 + h * 40} ${(i + 1) * 7.7} ${55 + (art.bars[i + 1] ?? h) * 10}`)
              .join(' ')}`}
            fill="none"
            strokeWidth={1.6}
          />
        )}
      </svg>
    </span>
  );
}
