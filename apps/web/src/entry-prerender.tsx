/**
 * The build's drawing of the first screens (docs/decisions/0019-first-screen.md): the shell and a page's first
 * screen as a first-time visitor sees it before any answer of the API is in (headings, text, skeletons), as HTML.
 * Run by the build only (prerender-first-screens.mjs), never shipped to the browser. The app runs on Preact's React
 * layer (vite.config.ts), so Preact's renderer draws it: the browser takes over what the same code drew.
 */
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';

export async function renderFirstScreen(url: string): Promise<string> {
  // Waits for every lazy part (a page's code) and renders it: one piece of plain HTML, no script to reveal parts.
  const app = (
    <AppProviders>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>
  );
  return renderToStringAsync(app as unknown as VNode);
}
