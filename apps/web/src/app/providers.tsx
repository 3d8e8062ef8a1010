import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { AuthProvider } from '../features/auth';
import { PlayerProvider } from '../features/player';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <PlayerProvider>
          {children}
          {/* react-hot-toast's defaults are the product's (docs/product/screens-and-words.md#toasts): errors 4000 ms, success 2000 ms, loading until replaced, 20 held. */}
          <Toaster position="top-center" toastOptions={{ className: 'toast' }} />
        </PlayerProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
