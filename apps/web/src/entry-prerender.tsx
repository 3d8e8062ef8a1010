/**
 * The build's drawing of the first screens (docs/decisions/0019-first-screen.md): the shell and a page's first
 * screen as a first-time visitor sees it before any answer of the API is in (headings, text, skeletons), as HTML.
 * Run by the build only (prerender-first-screens.mjs), never shipped to the browser.
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';

export async function renderFirstScreen(url: string): Promise<string> {
  const { prelude } = await prerender(
    <AppProviders>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
    // One piece of plain HTML: no boundary is held back for a later script to reveal.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
