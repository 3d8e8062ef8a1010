import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth';
import { PlayerProvider } from '../features/player';
import { prefetchStoreConfig } from '../lib/store-config';
import { useLiveCatalog } from '../lib/live-catalog';
import { PageTimeContext } from '../lib/server-clock';
import { useToasterWanted, wantToaster } from '../lib/toast';

// Not needed to render a page: it loads with the first toast or the first interaction (lib/toast.ts).
const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })));

/**
 * How long a response counts as fresh unless its query says otherwise: a page hydrated with the server's responses does
 * not ask for them again as it starts (a change made here invalidates what it touches at once).
 */
const STALE_AFTER_MS = 10_000;

/** The app's query client: in the browser one for the page's life, on the server one per render. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: STALE_AFTER_MS } } });
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** The server's time the page was rendered at (lib/app-state.ts), for countdowns to hydrate with. */
  pageTime?: number | null;
  children: ReactNode;
}

export function AppProviders({ queryClient, pageTime = null, children }: AppProvidersProps) {
  // Prices and the catalog size are read app-wide: asked for at start when the page did not come with them.
  useLayoutEffect(() => {
    void prefetchStoreConfig(queryClient);
  }, [queryClient]);
  // A tap or a key may lead to a toast from any part of the app: the toaster is ready before its response comes.
  useEffect(() => {
    const events = ['pointerdown', 'keydown'] as const;
    const want = () => {
      wantToaster();
      for (const event of events) window.removeEventListener(event, want, true);
    };
    for (const event of events) window.addEventListener(event, want, true);
    return () => {
      for (const event of events) window.removeEventListener(event, want, true);
    };
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <PageTimeContext value={pageTime}>
        <LiveCatalog />
        <AuthProvider>
          <PlayerProvider>
            {children}
            <LazyToaster />
          </PlayerProvider>
        </AuthProvider>
      </PageTimeContext>
    </QueryClientProvider>
  );
}

/**
 * The toaster, once wanted: the first tap re-renders this alone, not the providers above the page. react-hot-toast's
 * defaults are the product's (docs/product/screens-and-words.md#toasts): errors 4000 ms, success 2000 ms, loading until
 * replaced, 20 held.
 */
function LazyToaster() {
  if (!useToasterWanted()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" toastOptions={{ className: 'toast' }} />
    </Suspense>
  );
}

/** Every open page follows the catalog's changes within seconds (lib/live-catalog.ts). */
function LiveCatalog() {
  useLiveCatalog();
  return null;
}
