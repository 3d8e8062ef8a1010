/**
 * What a server-rendered page hands to the app that hydrates it (docs/decisions/0030-server-rendering.md): the API
 * responses the page was rendered with, as dehydrated TanStack Query state, and the server's clock at the render. The
 * server writes it into the page as a JSON data block (never run as a script); the app reads it once, before it
 * hydrates, so it renders exactly what the server rendered and asks for none of it again.
 */
import type { DehydratedState } from '@tanstack/react-query';

export const APP_STATE_ID = 'app-state';

export interface AppState {
  /** The query cache as the render left it: only the responses that came back. */
  queries: DehydratedState;
  /** The server's time (ms) the page was rendered at: countdowns show it until hydrated, as the server did. */
  renderedAt: number;
  /** The oldest catalog version among the responses the page was rendered with (lib/catalog-version-seen.ts), or null. */
  catalogVersion: number | null;
}

/** The page's state, or null on a page the server did not render (the development server's HTML). */
export function readAppState(): AppState | null {
  const element = document.getElementById(APP_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as AppState;
  } catch {
    return null;
  }
}
