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

/** The motif's shapes as one path, and how it is drawn: the tile's translucent white, stroked. */
interface MotifPath {
  d: string;
  strokeWidth: number;
  opacity: number;
}

/**
 * The motif as one `<path>` in an inline `<svg>` over the tile's gradient. Not an SVG image in the tile's background:
 * the browser builds a whole document for each distinct SVG image, 6–8 ms a tile on a fast computer, which made a
 * screen of 36 tiles the catalog's longest task.
 */
function motifPath(art: ArtworkStyle): MotifPath {
  if (art.motif === 0) {
    // Bars 3.6 wide with round ends: a line with round caps is the rounded rectangle they are.
    const d = art.bars
      .map((h, i) => {
        const x = r(4 + i * 6.6 + 1.8);
        const top = 100 - h * 46 - 6;
        const bottom = top + h * 46;
        return `M${x} ${r(top + 1.8)}V${r(Math.max(top + 1.8, bottom - 1.8))}`;
      })
      .join('');
    return { d, strokeWidth: 3.6, opacity: 0.22 };
  }
  if (art.motif === 1) {
    const d = art.rings
      .map(({ cx, cy, r: radius }) => `M${r(cx - radius)} ${r(cy)}a${r(radius)} ${r(radius)} 0 1 0 ${r(2 * radius)} 0a${r(radius)} ${r(radius)} 0 1 0 ${r(-2 * radius)} 0`)
      .join('');
    return { d, strokeWidth: 1.4, opacity: 0.3 };
  }
  const d = `M0 ${r(60 + (art.bars[0] ?? 0.5) * 10)} ${art.bars
    .map((h, i) => `Q ${r(i * 7.7 + 3.8)} ${r(40 + h * 40)} ${r((i + 1) * 7.7)} ${r(55 + (art.bars[i + 1] ?? h) * 10)}`)
    .join(' ')}`;
  return { d, strokeWidth: 1.6, opacity: 0.3 };
}

/** Two decimals are finer than any tile is drawn. */
function r(value: number): number {
  return Math.round(value * 100) / 100;
}

export function BeatArtwork({ id, title, className, radius }: BeatArtworkProps) {
  const art = artworkFor(id, title);
  const motif = motifPath(art);
  const style: CSSProperties = { background: art.background, borderRadius: radius };
  return (
    <span className={['beat-art', className].filter(Boolean).join(' ')} style={style} aria-hidden="true">
      {/* The motif is blended into the gradient beneath it (beat-artwork.css). */}
      <svg className="beat-art__motif" viewBox="0 0 100 100" preserveAspectRatio="none" focusable="false">
        <path d={motif.d} fill="none" stroke="#fff" strokeOpacity={motif.opacity} strokeWidth={motif.strokeWidth} strokeLinecap="round" />
      </svg>
    </span>
  );
}
