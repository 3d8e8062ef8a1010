import './lib/content-security-policy';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import '@fontsource-variable/inter';
import '@fontsource/space-grotesk/600.css';
import '@fontsource/space-grotesk/700.css';
import './styles/global.css';
import { AppProviders } from './app/providers';
import { AppRouter, preloadPage } from './app/router';
import { nextTask, whenTakenOver } from './lib/react-on-preact/island';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// The first screens of `/`, `/beats` and `/exclusives` come drawn in the HTML (docs/decisions/0019-first-screen.md):
// React hydrates the drawing once the page's code is in, keeping what the visitor typed, chose or pressed meanwhile.
// Elsewhere the shell is drawn at once and the page follows.
const page = preloadPage(window.location.pathname);

const app = (
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// A drawing that does not match what the app renders is reported here, where the browser tests look (React does; the
// Preact layer the build runs on takes the drawing over as it is: docs/decisions/0019-first-screen.md#react-on-preact).
const options: RootOptions = {
  onRecoverableError: (error, info) => console.error('React recovered from an error:', error, info.componentStack ?? ''),
};

if (root.hasChildNodes()) {
  // Takes the first screen over once the page's code is in, in the task after the one that ran it, then its islands
  // one task each (lib/react-on-preact/island.ts): every element stays as drawn, with what the visitor typed.
  void page.then(nextTask).then(() => {
    startTransition(() => {
      hydrateRoot(root, app, options);
    });
    // A drawn form's controls wait for the takeover (prerender-first-screens.mjs): once it is done, they work.
    void whenTakenOver().then(() => {
      for (const control of root.querySelectorAll<HTMLInputElement>('[data-takeover-enables]')) {
        control.disabled = false;
        control.removeAttribute('data-takeover-enables');
      }
    });
  });
} else {
  // A page outside the shell's frame (the embeddable player) may still be loading its code: nothing shows until it is in.
  startTransition(() =>
    createRoot(root, options).render(
      <Suspense fallback={null}>
        {app}
      </Suspense>,
    ),
  );
}
