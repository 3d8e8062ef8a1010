/**
 * The image of a beat's link previews (og:image, docs/decisions/0020-beat-pages.md): its generated cover art
 * (@beat/shared/artwork, the palette the web app's tiles draw) as a 600×315 PNG, drawn pixel by pixel here:
 * the base gradient, the glow, the motif and the sheen, without any image library.
 */
import { deflateSync, crc32 } from 'node:zlib';
import { artworkPalette, type ArtworkPalette } from '@beat/shared/artwork';

/** Large enough for every chat app's large preview (Open Graph asks for at least 600×315), small enough to draw at once. */
export const ARTWORK_WIDTH = 600;
export const ARTWORK_HEIGHT = 315;

type Rgb = [number, number, number];

/** CSS hsl() to sRGB channels in 0–255. */
function hsl(h: number, s: number, l: number): Rgb {
  const [sat, light] = [s / 100, l / 100];
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

/** How much of each pixel the motif covers (0–1), in the tile's 100×100 units stretched to the image. */
function motifCoverage(palette: ArtworkPalette, width: number, height: number): Float32Array {
  const cover = new Float32Array(width * height);
  const sx = width / 100;
  const sy = height / 100;
  const fill = (x0: number, y0: number, x1: number, y1: number, value: number) => {
    for (let y = Math.max(0, Math.floor(y0 * sy)); y < Math.min(height, Math.ceil(y1 * sy)); y++) {
      for (let x = Math.max(0, Math.floor(x0 * sx)); x < Math.min(width, Math.ceil(x1 * sx)); x++) {
        cover[y * width + x] = Math.max(cover[y * width + x]!, value);
      }
    }
  };
  /** A round brush of `radius` units at (cx, cy): strokes are drawn as runs of these. */
  const dot = (cx: number, cy: number, radius: number, value: number) => {
    for (let y = Math.max(0, Math.floor((cy - radius) * sy)); y < Math.min(height, Math.ceil((cy + radius) * sy)); y++) {
      for (let x = Math.max(0, Math.floor((cx - radius) * sx)); x < Math.min(width, Math.ceil((cx + radius) * sx)); x++) {
        const [dx, dy] = [x / sx - cx, y / sy - cy];
        if (dx * dx + dy * dy <= radius * radius) cover[y * width + x] = Math.max(cover[y * width + x]!, value);
      }
    }
  };
  if (palette.motif === 0) {
    palette.bars.forEach((h, i) => fill(4 + i * 6.6, 100 - h * 46 - 6, 4 + i * 6.6 + 3.6, 100 - 6, 0.22));
  } else if (palette.motif === 1) {
    for (const ring of palette.rings) {
      for (let step = 0; step < 720; step++) {
        const angle = (step / 720) * 2 * Math.PI;
        dot(ring.cx + ring.r * Math.cos(angle), ring.cy + ring.r * Math.sin(angle), 0.7, 0.3);
      }
    }
  } else {
    // The wave: quadratic curves through the bars' heights, as the tile's SVG path draws them.
    let [px, py] = [0, 60 + (palette.bars[0] ?? 0.5) * 10];
    palette.bars.forEach((h, i) => {
      const [qx, qy] = [i * 7.7 + 3.8, 40 + h * 40];
      const [ex, ey] = [(i + 1) * 7.7, 55 + (palette.bars[i + 1] ?? h) * 10];
      for (let step = 0; step <= 60; step++) {
        const t = step / 60;
        const x = (1 - t) * (1 - t) * px + 2 * (1 - t) * t * qx + t * t * ex;
        const y = (1 - t) * (1 - t) * py + 2 * (1 - t) * t * qy + t * t * ey;
        dot(x, y, 0.8, 0.3);
      }
      [px, py] = [ex, ey];
    });
  }
  return cover;
}

/** The artwork's pixels, RGB rows each led by PNG's "sub" filter byte: each byte less the one to its left, which packs gradients small. */
function drawArtwork(palette: ArtworkPalette, width: number, height: number): Buffer {
  const from = hsl(palette.hueA, 70, 22);
  const to = hsl(palette.hueB, 78, 44);
  const glow = hsl(palette.hueC, 85, 62);
  // CSS linear-gradient(angle): 0deg points up, 90deg right; the line spans the box's corners.
  const rad = (palette.angle * Math.PI) / 180;
  const [dx, dy] = [Math.sin(rad), -Math.cos(rad)];
  const span = Math.abs(width * dx) + Math.abs(height * dy);
  // radial-gradient(120% 90% at X% Y%, glow / 0.55, transparent 60%).
  const [gx, gy, rx, ry] = [(palette.glowX / 100) * width, (palette.glowY / 100) * height, 1.2 * width, 0.9 * height];
  // The sheen: linear-gradient(160deg, white / 0.16, transparent 38%) and a dark radial at the bottom.
  const sheenRad = (160 * Math.PI) / 180;
  const [sx, sy] = [Math.sin(sheenRad), -Math.cos(sheenRad)];
  const sheenSpan = Math.abs(width * sx) + Math.abs(height * sy);
  const cover = motifCoverage(palette, width, height);

  const rowBytes = width * 3 + 1;
  const pixels = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    for (let x = 0; x < width; x++) {
      const t = Math.min(1, Math.max(0, ((x - width / 2) * dx + (y - height / 2) * dy) / span + 0.5));
      let r = from[0] + (to[0] - from[0]) * t;
      let g = from[1] + (to[1] - from[1]) * t;
      let b = from[2] + (to[2] - from[2]) * t;
      const [ux, uy] = [(x - gx) / rx, (y - gy) / ry];
      const d = Math.sqrt(ux * ux + uy * uy);
      const glowAlpha = d < 0.6 ? 0.55 * (1 - d / 0.6) : 0;
      r += (glow[0] - r) * glowAlpha;
      g += (glow[1] - g) * glowAlpha;
      b += (glow[2] - b) * glowAlpha;
      const motif = cover[y * width + x]!;
      r += (255 - r) * motif;
      g += (255 - g) * motif;
      b += (255 - b) * motif;
      const st = ((x - width / 2) * sx + (y - height / 2) * sy) / sheenSpan + 0.5;
      const sheen = st < 0.38 ? 0.16 * (1 - st / 0.38) : 0;
      r += (255 - r) * sheen;
      g += (255 - g) * sheen;
      b += (255 - b) * sheen;
      const [vx, vy] = [(x - width / 2) / width, (y - 1.2 * height) / height];
      const shade = Math.sqrt(vx * vx + vy * vy);
      const dark = shade < 0.6 ? 0.45 * (1 - shade / 0.6) : 0;
      const at = row + 1 + x * 3;
      pixels[at] = r * (1 - dark);
      pixels[at + 1] = g * (1 - dark);
      pixels[at + 2] = b * (1 - dark);
    }
  }
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    pixels[row] = 1;
    for (let at = row + rowBytes - 1; at > row + 3; at--) pixels[at] = (pixels[at]! - pixels[at - 3]!) & 0xff;
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The beat's artwork as a PNG (8-bit RGB). */
export function artworkPng(id: string, title: string, width = ARTWORK_WIDTH, height = ARTWORK_HEIGHT): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(drawArtwork(artworkPalette(id, title), width, height), { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
