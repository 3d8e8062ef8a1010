import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { prerenderFirstScreens } from './prerender-first-screens.mjs';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), prerenderFirstScreens()],
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
    // One stylesheet for the whole app: the first screens drawn in the HTML (prerender-first-screens.mjs) paint
    // with one request's styles, and no page's styles arrive after its content (docs/decisions/0019-first-screen.md).
    cssCodeSplit: false,
  },
});
