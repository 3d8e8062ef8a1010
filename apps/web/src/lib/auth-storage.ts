/**
 * Where the session lives in the browser. The product keeps token, email and the isAuthenticated
 * flag in local storage. With 'Remember me' unchecked the session lasts for the browser's session
 * instead: it is kept in a session cookie, which every tab of the browser shares (a link opened in a
 * new tab stays logged in) and the browser drops when it closes (docs/product/accounts.md#remember-me).
 * The server never reads that cookie: calls carry the token as a bearer header. A login, a new token or a logout in
 * one tab is announced to the others over a BroadcastChannel.
 */
export interface StoredSession {
  token: string;
  email: string;
}

const KEYS = ['token', 'email', 'isAuthenticated'] as const;
const COOKIE = 'bm_session';

function read(storage: Storage): StoredSession | null {
  const token = storage.getItem('token');
  const email = storage.getItem('email');
  if (!token || !email || storage.getItem('isAuthenticated') !== 'true') return null;
  return { token, email };
}

function isStoredSession(value: unknown): value is StoredSession {
  const session = value as Partial<StoredSession> | null;
  return typeof session?.token === 'string' && typeof session.email === 'string';
}

function readCookie(): StoredSession | null {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  if (!entry) return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(entry.slice(COOKIE.length + 1)));
    return isStoredSession(value) ? { token: value.token, email: value.email } : null;
  } catch {
    return null;
  }
}

/** No Expires or Max-Age: a browser-session cookie. */
function writeCookie(session: StoredSession | null): void {
  const attributes = `Path=/; SameSite=Strict${location.protocol === 'https:' ? '; Secure' : ''}`;
  document.cookie = session
    ? `${COOKIE}=${encodeURIComponent(JSON.stringify(session))}; ${attributes}`
    : `${COOKIE}=; Max-Age=0; ${attributes}`;
}

export function loadSession(): StoredSession | null {
  try {
    return readCookie() ?? read(localStorage);
  } catch {
    return null;
  }
}

export function saveSession(session: StoredSession, remember: boolean): void {
  clearSession();
  if (!remember) {
    writeCookie(session);
    return;
  }
  localStorage.setItem('token', session.token);
  localStorage.setItem('email', session.email);
  localStorage.setItem('isAuthenticated', 'true');
}

export function clearSession(): void {
  writeCookie(null);
  for (const key of KEYS) localStorage.removeItem(key);
}

/** Swaps the token of the stored session in place (after a password change), keeping its 'Remember me' choice. */
export function replaceSessionToken(token: string): void {
  const browserSession = readCookie();
  if (browserSession) {
    writeCookie({ ...browserSession, token });
    return;
  }
  if (read(localStorage)) localStorage.setItem('token', token);
}

/** A login or a new token carries the session itself; a logout nothing. */
export type SessionChange = { kind: 'login'; session: StoredSession } | { kind: 'logout' };

const CHANNEL = 'bm-session';

/**
 * Tells the browser's other tabs that the session changed (a login, a new token, a logout), so that they follow at
 * once instead of at their next call (docs/product/accounts.md#remember-me). A login sends the session along: a
 * cookie or local storage written by one tab reaches another tab's reads a moment later than the message may, and
 * the other tab must not read the storage before it has the new session.
 */
export function announceSession(change: SessionChange): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(change);
  channel.close();
}

/** Listens for another tab's session changes; returns the function that stops listening. */
export function onSessionAnnounced(listener: (change: SessionChange) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data as { kind?: unknown; session?: unknown } | null;
    if (data?.kind === 'logout') listener({ kind: 'logout' });
    else if (data?.kind === 'login' && isStoredSession(data.session)) {
      listener({ kind: 'login', session: { token: data.session.token, email: data.session.email } });
    }
  };
  return () => channel.close();
}
