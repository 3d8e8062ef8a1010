import './lib/content-security-policy';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import '@fontsource-variable/inter';
import '@fontsource/space-grotesk/600.css';
import '@fontsource/space-grotesk/700.css';
import './styles/global.css';
import { AppProviders } from './app/providers';
import { AppRouter, preloadPage } from './app/router';

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

// A drawing that does not match what the app renders is redrawn by React and reported here, where the browser
// tests see it: a first screen must render the same markup in the build and in the browser.
const options: RootOptions = {
  onRecoverableError: (error, info) => console.error('React recovered from an error:', error, info.componentStack ?? ''),
};

if (root.hasChildNodes()) {
  // A transition: React hydrates the first screen in slices and leaves the browser free in between; an event on a
  // part not yet hydrated is replayed once it is.
  void page.then(() => startTransition(() => void hydrateRoot(root, app, options)));
} else {
  startTransition(() => createRoot(root, options).render(app));
}
