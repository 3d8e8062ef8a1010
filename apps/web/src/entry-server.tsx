/**
 * Renders a page on the server (docs/decisions/0030-server-rendering.md). Built by `vite build --ssr` into
 * dist/ssr/ and loaded by the API server, never shipped to the browser.
 *
 * A page asks for its data with TanStack Query, as in the browser. A render pass collects the queries the page asks
 * for; their own query functions then run, reaching the API's routes through the server (the caller's cookie and
 * headers, the same services and catalog cache, no network), and the page renders again with the responses, until a
 * pass asks for nothing new. The last pass is the page sent, and the responses go with it as dehydrated query state.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { AppRoutes } from './app/router';

export { pageSources } from './app/router';
import type { AppState } from './lib/app-state';
import { setApiTransport } from './lib/api-client';
import { catalogVersionOf } from './lib/catalog-version-seen';
import { prefetchStoreConfig } from './lib/store-config';

export type { AppState };

/** How the page's calls reach the API while it renders: the server's own way to its routes. */
export type Transport = (path: string, init: RequestInit) => Promise<Response>;

export interface RenderOptions {
  /** The page's path and query, as requested. */
  url: string;
  transport: Transport;
  /** The CSP nonce of the response, for any script React writes. */
  nonce?: string;
  /** Passes at most: a page whose queries depend on others' responses needs one more pass per step. */
  maxPasses?: number;
}

export interface RenderResult {
  /** The HTML of #root's content. */
  html: string;
  state: AppState;
}

const transports = new AsyncLocalStorage<Transport>();
setApiTransport((input, init) => {
  const transport = transports.getStore();
  if (!transport) return Promise.reject(new Error('An API call outside a server render'));
  return transport(String(input), init ?? {});
});

function renderPass(client: QueryClient, url: string, renderedAt: number, nonce?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <AppProviders queryClient={client} pageTime={renderedAt}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
      {
        nonce,
        // Everything is in before anything is sent, each part in its place (not sent apart to be moved by a script).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          stream.pipe(sink);
        },
        onShellError: reject,
        onError(error) {
          // A part that failed is rendered by the browser instead (React's client render of that boundary).
          if (process.env.NODE_ENV !== 'test') console.error('Server render error:', error);
        },
      },
    );
  });
}

function enabled(query: Query): boolean {
  const option = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof option === 'function' ? option(query) : option !== false;
}

/** Renders `url` with its data, as the caller the transport speaks for. */
export async function render({ url, transport, nonce, maxPasses = 4 }: RenderOptions): Promise<RenderResult> {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  // The oldest catalog version among the responses: the browser's live catalog checks it against the current one.
  let catalogVersion: number | null = null;
  const noted: Transport = async (path, init) => {
    const response = await transport(path, init);
    const version = catalogVersionOf(response.headers.get('ETag'));
    if (version !== null && (catalogVersion === null || version < catalogVersion)) catalogVersion = version;
    return response;
  };
  return transports.run(noted, async () => {
    const renderedAt = Date.now();
    const asked = new Set<string>();
    // Prices and the catalog size are read app-wide, and asked for at start in the browser: every page comes with them.
    await prefetchStoreConfig(client);
    let html = '';
    for (let pass = 1; pass <= maxPasses; pass += 1) {
      html = await renderPass(client, url, renderedAt, nonce);
      const waiting = client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && !asked.has(query.queryHash) && enabled(query));
      if (waiting.length === 0 || pass === maxPasses) break;
      for (const query of waiting) asked.add(query.queryHash);
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      // A failed response is left to the browser, which asks again (and shows the error if it fails there too): the
      // next pass renders it as still on its way, as the browser will hydrate it.
      for (const query of waiting) if (query.state.status === 'error') client.getQueryCache().remove(query);
    }
    const state: AppState = { queries: dehydrate(client), renderedAt, catalogVersion };
    client.clear();
    return { html, state };
  });
}
