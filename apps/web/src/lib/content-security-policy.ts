/**
 * What the page's Content-Security-Policy asks of the app (docs/security.md#headers). Imported first by
 * main.tsx: react-hot-toast writes its first styles while its module loads.
 */
// A module, so that `declare global` below adds to the global scope.
export {};

declare global {
  interface Window {
    /** Read by goober, react-hot-toast's styler, for the one <style> element it writes into. */
    __nonce__?: string;
  }
  /** zod's settings: every copy of zod reads this object, and `z.config()` writes into it. */
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// An inline <style> runs only with this page's nonce, which the server puts in <meta property="csp-nonce">.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) window.__nonce__ = nonce;

// No eval either: zod would otherwise try `new Function` once to see whether it may compile its checks. Zod
// loads only with the pages that have forms, so its settings are written here, before its first use, without
// loading it: this is the object `z.config({ jitless: true })` would write into.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
