/**
 * The session lives in an httpOnly cookie the server sets at login and clears at logout
 * (docs/product/accounts.md#remember-me): page script never holds a token. What is left here is telling the
 * browser's other tabs that the session changed, so that they follow at once instead of at their next call.
 */
export type SessionChange = { kind: 'login' } | { kind: 'logout' };

const CHANNEL = 'bm-session';
/** Where older versions kept the token (local storage); removed at start so no token stays readable by script. */
const LEGACY_KEYS = ['token', 'email', 'isAuthenticated'] as const;

export function forgetLegacySession(): void {
  try {
    for (const key of LEGACY_KEYS) localStorage.removeItem(key);
  } catch {
    // Storage may be unavailable (private modes); nothing was kept there then.
  }
}

/** Tells the browser's other tabs that this tab logged in (or its session was renewed) or logged out. */
export function announceSession(change: SessionChange): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ kind: change.kind });
  channel.close();
}

/** Listens for another tab's session changes; returns the function that stops listening. */
export function onSessionAnnounced(listener: (change: SessionChange) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data as { kind?: unknown } | null;
    if (data?.kind === 'logout' || data?.kind === 'login') listener({ kind: data.kind });
  };
  return () => channel.close();
}
