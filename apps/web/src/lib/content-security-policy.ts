/**
 * What the page's Content-Security-Policy asks of the app (docs/security.md#headers). Imported first by
 * main.tsx: react-hot-toast writes its first styles while its module loads.
 */
import { z } from 'zod';

declare global {
  interface Window {
    /** Read by goober, react-hot-toast's styler, for the one <style> element it writes into. */
    __nonce__?: string;
  }
}

// An inline <style> runs only with this page's nonce, which the server puts in <meta property="csp-nonce">.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) window.__nonce__ = nonce;

// No eval either: zod would otherwise try `new Function` once to see whether it may compile its checks.
z.config({ jitless: true });
