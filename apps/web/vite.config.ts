import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { catalogChunk } from './catalog-chunk.mjs';
import { prerenderFirstScreens } from './prerender-first-screens.mjs';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const own = (file: string) => fileURLToPath(new URL(file, import.meta.url));

type IconNode = [string, Record<string, string>][];

/** One SVG shape of an icon as path data (a leading relative move is absolute, as the first command of a path). */
function pathData([tag, a]: IconNode[number]): string | null {
  const n = (name: string) => Number(a[name] ?? 0);
  if (tag === 'path') return (a.d ?? '').replace(/^\s*m\s*(-?[\d.]+)[\s,]*(-?[\d.]+)\s*(?=[-\d.])/, 'M$1 $2l').replace(/^\s*m/, 'M');
  if (tag === 'circle' || tag === 'ellipse') {
    const [cx, cy] = [n('cx'), n('cy')];
    const [rx, ry] = tag === 'circle' ? [n('r'), n('r')] : [n('rx'), n('ry')];
    return `M${cx - rx} ${cy}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0`;
  }
  if (tag === 'line') return `M${n('x1')} ${n('y1')}L${n('x2')} ${n('y2')}`;
  if (tag === 'polyline' || tag === 'polygon') return `M${a.points}${tag === 'polygon' ? 'Z' : ''}`;
  if (tag === 'rect') {
    const [x, y, w, h] = [n('x'), n('y'), n('width'), n('height')];
    const rx = Math.min(a.rx ? n('rx') : n('ry'), w / 2);
    const ry = Math.min(a.ry ? n('ry') : rx, h / 2);
    if (!rx) return `M${x} ${y}h${w}v${h}h${-w}Z`;
    const arc = (dx: number, dy: number) => `a${rx} ${ry} 0 0 1 ${dx} ${dy}`;
    return `M${x + rx} ${y}h${w - 2 * rx}${arc(rx, ry)}v${h - 2 * ry}${arc(-rx, ry)}h${-(w - 2 * rx)}${arc(-rx, -ry)}v${-(h - 2 * ry)}${arc(rx, -ry)}Z`;
  }
  return null;
}

/**
 * The icons (lucide-react) drawn as one `<path>` each instead of up to six shapes: the same picture with a third of
 * the elements, so a catalog page stays under its element budget (docs/decisions/0019-first-screen.md). Shapes with
 * their own fill stay apart.
 */
function onePathIcons(): Plugin {
  return {
    name: 'one-path-icons',
    transform(code, id) {
      if (!/lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/.test(id)) return null;
      const match = /node: (\[[\s\S]*?\n {2}\]),?\n/.exec(code);
      if (!match?.[1]) return null;
      const node = new Function(`return ${match[1]}`)() as IconNode;
      const merged: IconNode = [];
      const parts: string[] = [];
      for (const shape of node) {
        const d = Object.keys(shape[1]).some((k) => k === 'fill') ? null : pathData(shape);
        if (d === null) merged.push(shape);
        else parts.push(d);
      }
      if (parts.length) merged.unshift(['path', { d: parts.join(''), key: 'p' }]);
      return { code: code.replace(match[1], JSON.stringify(merged)), map: null };
    },
  };
}

// The catalog's first screen in three files instead of some thirty (catalog-chunk.mjs).
const catalog = catalogChunk(own('./vite.config.ts'));

export default defineConfig({
  plugins: [react(), onePathIcons(), catalog.plugin, prerenderFirstScreens()],
  // The app is written against React's API and types, and runs on Preact's React layer: about 50 KB less JavaScript
  // before the first screen works (docs/decisions/0019-first-screen.md#react-on-preact). src/lib/react-on-preact/ adds what the
  // app uses of React 19 on top; the libraries (router, query, forms, icons, toasts, charts) take it as React.
  resolve: {
    alias: [
      { find: /^react(-dom)?$/, replacement: own('./src/lib/react-on-preact/react.ts') },
      { find: /^react-dom\/client$/, replacement: own('./src/lib/react-on-preact/client.ts') },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  },
  // The build's drawing (src/entry-prerender.tsx) bundles the libraries too, so that they take the same alias.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/create-checkout-session': apiTarget,
      '/sendotp': apiTarget,
      '/verifyotp': apiTarget,
      '/dev': apiTarget,
      '/test-checkout': apiTarget,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the store supports preloads modules itself.
    modulePreload: { polyfill: false },
    // The app, and the script a drawn first screen starts it with once it is painted (src/boot.ts).
    rollupOptions: {
      input: { index: own('./index.html'), boot: own('./src/boot.ts') },
      output: { codeSplitting: { groups: catalog.groups } },
    },
    // One stylesheet for the whole app: the first screens drawn in the HTML (prerender-first-screens.mjs) paint
    // with one request's styles, and no page's styles arrive after its content (docs/decisions/0019-first-screen.md).
    cssCodeSplit: false,
  },
});
