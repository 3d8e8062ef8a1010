/** How the browser benchmarks and tests start Chromium: headless, and quiet, so nothing but the page uses the network or the CPU. */
export const headlessChromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
