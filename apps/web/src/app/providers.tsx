import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth';
import { PlayerProvider } from '../features/player';
import { prefetchStoreConfig } from '../lib/store-config';

// Not needed to draw the first screen: it loads right after (lib/toast.ts).
const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })));

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
    });
    // Prices and the catalog size are read app-wide: asked for at once, while the first page's code loads.
    void prefetchStoreConfig(client);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <PlayerProvider>
          {children}
          {/* react-hot-toast's defaults are the product's (docs/product/screens-and-words.md#toasts): errors 4000 ms, success 2000 ms, loading until replaced, 20 held. */}
          <Suspense fallback={null}>
            <Toaster position="top-center" toastOptions={{ className: 'toast' }} />
          </Suspense>
        </PlayerProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
