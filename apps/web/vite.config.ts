import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
  },
});
