import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth';
import { PlayerProvider } from '../features/player';
import { prefetchStoreConfig, seedStoreConfig } from '../lib/store-config';
import { useLiveCatalog } from '../lib/live-catalog';
import { useToasterWanted, wantToaster } from '../lib/toast';

// Not needed to draw the first screen: it loads with the first toast or the first interaction (lib/toast.ts).
const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })));

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
    // A drawn page came with the config: the cache starts with it (lib/first-answers.ts).
    seedStoreConfig(client);
    return client;
  });
  // Prices and the catalog size are read app-wide: asked for once the first screen is committed, before any part
  // of it asks. Not while rendering: an answer arriving in the middle of hydrating a drawn first screen would change
  // what the rest of it renders (docs/decisions/0019-first-screen.md).
  useLayoutEffect(() => {
    void prefetchStoreConfig(queryClient);
  }, [queryClient]);
  const toasterWanted = useToasterWanted();
  // A tap or a key may lead to a toast from any part of the app: the toaster is ready before its answer comes.
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
      <LiveCatalog />
      <AuthProvider>
        <PlayerProvider>
          {children}
          {/* react-hot-toast's defaults are the product's (docs/product/screens-and-words.md#toasts): errors 4000 ms, success 2000 ms, loading until replaced, 20 held. */}
          {toasterWanted && (
            <Suspense fallback={null}>
              <Toaster position="top-center" toastOptions={{ className: 'toast' }} />
            </Suspense>
          )}
        </PlayerProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** Every open page follows the catalog's changes within seconds (lib/live-catalog.ts). */
function LiveCatalog() {
  useLiveCatalog();
  return null;
}
