/** A browser test fails when the store's Content-Security-Policy blocked anything in its pages (support/browser.ts). */
import { afterEach } from 'vitest';
import { takeCspViolations } from './browser.js';

afterEach(() => {
  const violations = takeCspViolations();
  if (violations.length > 0) throw new Error(`The Content-Security-Policy blocked:\n${violations.join('\n')}`);
});
