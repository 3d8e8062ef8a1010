import './lib/content-security-policy';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import '@fontsource-variable/inter';
import '@fontsource/space-grotesk/600.css';
import '@fontsource/space-grotesk/700.css';
import './styles/global.css';
import { AppProviders, createQueryClient } from './app/providers';
import { AppRouter, preloadPage } from './app/router';
import { readAppState } from './lib/app-state';
import { noteCatalogVersion } from './lib/catalog-version-seen';
import { noteServerTime } from './lib/server-clock';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');


// The server rendered the page with these responses (docs/decisions/0030-server-rendering.md): the app starts with them.
const state = readAppState();
const queryClient = createQueryClient();
if (state) {
  hydrate(queryClient, state.queries);
  noteCatalogVersion(state.catalogVersion);
  // The page's own request is the round trip its render took: countdowns run on the server's clock from it.
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation) {
    const at = (ms: number) => performance.timeOrigin + ms;
    noteServerTime(String(state.renderedAt), at(navigation.requestStart), at(navigation.responseStart));
  }
}

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient} pageTime={state?.renderedAt ?? null}>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// A server render that does not match the browser's is reported, never silently patched over: React renders that
// part again in the browser and calls this (the browser tests fail on it).
const options: RootOptions = {
  onRecoverableError: (error, info) => console.error('React recovered from an error:', error, info.componentStack ?? ''),
};

// The page's own code came with the app's (modulepreload links in the head): React hydrates once it is in, so a press
// on any part of the page while React hydrates is handled, that part hydrated first (selective hydration).
void preloadPage(window.location.pathname).then(() => {
  if (root.hasChildNodes()) hydrateRoot(root, app, options);
  else createRoot(root, options).render(app);
});
