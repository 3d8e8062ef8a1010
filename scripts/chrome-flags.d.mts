/** Types of scripts/chrome-flags.mjs, for the browser tests (e2e/support/browser.ts) that start Chromium the same way. */
export const headlessChromeFlags: string[];
