import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { generateFallbackName, generateFontFace, getMetricsForFamily } from 'fontaine';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const own = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The store runs on React itself: a build that resolves Preact (say, through a dependency's alias) fails. */
const noPreact = {
  name: 'no-preact',
  enforce: 'pre' as const,
  resolveId(source: string) {
    if (source === 'preact' || source.startsWith('preact/')) throw new Error(`The web app runs on React: '${source}' must not be bundled.`);
    return null;
  },
};

/**
 * React Router's package exports name only its development build (remix-run/react-router#14102), warnings and all;
 * a build takes its production build, as it does React's.
 */
const routerProduction = { find: /^react-router$/, replacement: own('../../node_modules/react-router/dist/production/index.mjs') };

/**
 * Until a web font arrives, text is set in a local font resized to the web font's measurements, so the swap moves no
 * line. fontaine computes each stand-in from capsize's metrics of the font (not from the fonts' files: the variable
 * Inter's own average width counts every glyph it has and would make its stand-in a third too wide), and the faces are
 * added to the global stylesheet, whose `--font-body` and `--font-display` name the "… fallback" families.
 * The local fonts, the first one found winning: Apple's, Windows', Android's, then the usual ones of other systems
 * (Liberation Sans, Linux's stand-in for Arial, is made to Arial's measurements).
 */
const localFonts = [
  { local: 'BlinkMacSystemFont' },
  { local: 'Segoe UI' },
  { local: 'Helvetica Neue' },
  { local: 'Roboto' },
  { local: 'Arial' },
  { local: 'Liberation Sans', metricsOf: 'Arial' },
  { local: 'Noto Sans' },
];
const webFonts = [
  { family: 'Inter Variable', metricsOf: 'Inter', weights: ['100 900'] },
  { family: 'Space Grotesk', metricsOf: 'Space Grotesk', weights: ['600', '700'] },
];
async function fallbackFaces(): Promise<string> {
  const faces: string[] = [];
  for (const font of webFonts) {
    const metrics = await getMetricsForFamily(font.metricsOf);
    if (!metrics) throw new Error(`No metrics for ${font.metricsOf}`);
    for (const weight of font.weights) {
      // Of faces alike but for their source, the browser tries the last first: the list's order, reversed.
      for (const { local, metricsOf = local } of [...localFonts].reverse()) {
        const localMetrics = await getMetricsForFamily(metricsOf);
        if (!localMetrics) throw new Error(`No metrics for ${metricsOf}`);
        faces.push(generateFontFace(metrics, { name: generateFallbackName(font.family), font: local, metrics: localMetrics, 'font-weight': weight }));
      }
    }
  }
  return faces.join('');
}
const fontFallbacks = {
  name: 'font-fallbacks',
  async transform(code: string, id: string) {
    return id.replace(/\?.*/, '').endsWith('/src/styles/global.css') ? `${code}\n${await fallbackFaces()}` : null;
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [noPreact, fontFallbacks, react()],
  resolve: command === 'build' ? { alias: [routerProduction] } : {},
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
  // The server renderer (src/entry-server.tsx) into dist/ssr/, beside the browser's build, which it leaves as it is.
  // The renderer carries its dependencies, React's production build among them, as the browser's build does: the
  // server's own NODE_ENV (development for the demo store) must not give every render React's slower development build.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist/ssr', emptyOutDir: false, copyPublicDir: false, sourcemap: false, rollupOptions: { input: own('./src/entry-server.tsx') } }
    : {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser the store supports preloads modules itself.
    modulePreload: { polyfill: false },
    // The server adds each page's own chunks to its HTML as modulepreload links (apps/server/src/web/web-app.ts).
    manifest: true,
    rollupOptions: {
      input: { index: own('./index.html') },
      // React, React DOM, React Router and TanStack Query in one chunk of their own: it changes only when they are
      // upgraded, so a returning visitor keeps it cached across the store's releases.
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/, priority: 3 },
          ],
        },
      },
    },
    // One stylesheet for the whole app: a server-rendered page paints with one request's styles.
    cssCodeSplit: false,
  },
}));
