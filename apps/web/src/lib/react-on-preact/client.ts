/** `react-dom/client` in the browser build (vite.config.ts): Preact's, with the takeover marked for react.ts. */
import { createRoot, hydrateRoot as preactHydrateRoot } from 'preact/compat/client';
import { setHydrating } from './react';

export { createRoot };

export function hydrateRoot(...args: Parameters<typeof preactHydrateRoot>) {
  setHydrating(true);
  try {
    return preactHydrateRoot(...args);
  } finally {
    setHydrating(false);
  }
}

export default { createRoot, hydrateRoot };
