/**
 * Cover art for beats that have none: a gradient tile drawn from the beat's id and title, so each
 * beat keeps the same look everywhere (card, row, player) without any image download.
 */
import type { CSSProperties } from 'react';
import { artworkPalette } from '@beat/shared/artwork';
import './beat-artwork.css';

export interface ArtworkStyle {
  background: string;
  glow: string;
  motif: number;
  bars: number[];
  rings: { cx: number; cy: number; r: number }[];
}

/** The tile's CSS from the beat's palette, which the link previews' image is drawn from too. */
export function artworkFor(id: string, title: string): ArtworkStyle {
  const { hueA, hueB, hueC, angle, glowX, glowY, motif, bars, rings } = artworkPalette(id, title);
  const background = [
    `radial-gradient(120% 90% at ${glowX}% ${glowY}%, hsl(${hueC} 85% 62% / 0.55), transparent 60%)`,
    `linear-gradient(${angle}deg, hsl(${hueA} 70% 22%), hsl(${hueB} 78% 44%))`,
  ].join(', ');
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
