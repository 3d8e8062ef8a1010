/**
 * Where the session lives in the browser. The product keeps token, email and the isAuthenticated
 * flag in local storage; with 'Remember me' unchecked they go to session storage instead, so the
 * session ends with the tab (docs/product/accounts.md#remember-me).
 */
export interface StoredSession {
  token: string;
  email: string;
}

const KEYS = ['token', 'email', 'isAuthenticated'] as const;

function read(storage: Storage): StoredSession | null {
  const token = storage.getItem('token');
  const email = storage.getItem('email');
  if (!token || !email || storage.getItem('isAuthenticated') !== 'true') return null;
  return { token, email };
}

export function loadSession(): StoredSession | null {
  try {
    return read(sessionStorage) ?? read(localStorage);
  } catch {
    return null;
  }
}

export function saveSession(session: StoredSession, remember: boolean): void {
  clearSession();
  const storage = remember ? localStorage : sessionStorage;
  storage.setItem('token', session.token);
  storage.setItem('email', session.email);
  storage.setItem('isAuthenticated', 'true');
}

export function clearSession(): void {
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of KEYS) storage.removeItem(key);
  }
}

/** Swaps the token of the stored session in place (after a password change), keeping its 'Remember me' choice. */
export function replaceSessionToken(token: string): void {
  for (const storage of [sessionStorage, localStorage]) {
    if (read(storage)) {
      storage.setItem('token', token);
      return;
    }
  }
}
