/**
 * Renders a screen's part the way the app holds it: a fresh query cache, a router at `route`, and the toaster, so a
 * test reads toasts as a person does. The test adds the features' providers it needs with `wrap` (this folder is
 * part of the shared layer, which knows no feature): `wrap: (children) => <AuthProvider>{children}</AuthProvider>`.
 */
import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'react-hot-toast';
import { render, type RenderResult } from '@testing-library/react';

export interface ProvidersOptions {
  /** The address the router starts at. */
  route?: string;
  /** Wraps the element in the features' providers it needs (the signed-in state, the player). */
  wrap?: (children: ReactNode) => ReactNode;
}

export function renderWithProviders(ui: ReactElement, { route = '/', wrap = (children) => children }: ProvidersOptions = {}): RenderResult & { queryClient: QueryClient } {
  // No retries and no refetching: a test sees each response once, as it was given.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {wrap(ui)}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** A JSON response, for a stubbed `fetch`. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
