/** Who is signed in: the stored session plus the user the server returns for it. */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, LoginBody, SignupBody, User } from '@beat/shared';
import { api, onUnauthorized } from '../../lib/api-client';
import {
  announceSession,
  clearSession,
  loadSession,
  onSessionAnnounced,
  replaceSessionToken,
  saveSession,
  type StoredSession,
} from '../../lib/auth-storage';
import { useHydrated } from '../../hooks/use-hydrated';

interface AuthValue {
  token: string | null;
  user: User | null;
  isAuthenticated: boolean;
  /** True while a stored session's user is still being fetched. */
  isLoading: boolean;
  /** Why the signed-in user could not be fetched (the server or the network failed); null otherwise. */
  userError: string | null;
  /**
   * The signed-in user may use the store: false for visitors, while the user is loading, and while a password change
   * is required (the server then refuses every other call: docs/product/accounts.md#forced-password-change).
   */
  canUseAccount: boolean;
  login: (body: LoginBody) => Promise<User>;
  signup: (body: SignupBody) => Promise<User>;
  logout: () => Promise<void>;
  refreshUser: () => Promise<void>;
  /** After a password change: every old token has ended, so keep working on the new one the server answered. */
  replaceToken: (token: string, user: User) => void;
}

const AuthContext = createContext<AuthValue | null>(null);
export const meQueryKey = ['me'] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [stored, setSession] = useState<StoredSession | null>(() => loadSession());
  // A drawn first screen shows a visitor (docs/decisions/0019-first-screen.md): the stored session counts once the
  // app has taken the page over, so that hydration finds the drawing as it was.
  const session = useHydrated() ? stored : null;

  const me = useQuery({
    queryKey: [...meQueryKey, session?.email],
    enabled: session !== null,
    staleTime: 30_000,
    queryFn: () =>
      api<{ user: User }>('/api/getuser', { method: 'POST', body: { email: session?.email } }).then((r) => r.user),
  });

  // This tab's token, to tell a token that ended from one another tab has already replaced.
  const tokenRef = useRef(stored?.token);
  useEffect(() => {
    tokenRef.current = stored?.token;
  }, [stored]);

  const forget = useCallback(() => {
    setSession(null);
    queryClient.removeQueries({ queryKey: meQueryKey });
  }, [queryClient]);

  const drop = useCallback(() => {
    clearSession();
    forget();
    announceSession({ kind: 'logout' });
  }, [forget]);

  useEffect(
    () =>
      onUnauthorized(() => {
        // Another tab changed the password and stored the new token: keep working on it.
        const latest = loadSession();
        if (latest && latest.token !== tokenRef.current) setSession(latest);
        else drop();
      }),
    [drop],
  );

  // The tabs of the browser share one session (docs/product/accounts.md#remember-me): a login, a logout or a new
  // token in one tab reaches the others at once.
  useEffect(
    () =>
      onSessionAnnounced((change) => {
        if (change.kind === 'logout') forget();
        else setSession(change.session);
      }),
    [forget],
  );

  const start = useCallback(
    (answer: AuthResponse, remember: boolean) => {
      const next = { token: answer.token, email: answer.user.email };
      saveSession(next, remember);
      queryClient.setQueryData([...meQueryKey, next.email], answer.user);
      setSession(next);
      announceSession({ kind: 'login', session: next });
      return answer.user;
    },
    [queryClient],
  );

  const login = useCallback(
    async (body: LoginBody) =>
      start(await api<AuthResponse>('/api/login', { method: 'POST', body, auth: false }), body.remember ?? false),
    [start],
  );

  const signup = useCallback(
    async (body: SignupBody) =>
      start(
        await api<AuthResponse>('/api/signup', { method: 'POST', body: { ...body, userType: 'freeUser' }, auth: false }),
        true,
      ),
    [start],
  );

  const logout = useCallback(async () => {
    const user = me.data;
    try {
      if (user?.lastSessionDate) {
        const seconds = Math.max(0, Math.round((Date.now() - new Date(user.lastSessionDate).getTime()) / 1000));
        await api('/api/update-session-time', {
          method: 'POST',
          body: { userId: user._id, sessionDuration: seconds },
          keepalive: true,
        });
      }
      await api('/api/logout', { method: 'POST', keepalive: true });
    } catch {
      // The session ends locally whatever the server says.
    } finally {
      drop();
    }
  }, [me.data, drop]);

  const refreshUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [queryClient]);

  const replaceToken = useCallback(
    (token: string, user: User) => {
      replaceSessionToken(token);
      const next = { token, email: user.email };
      queryClient.setQueryData([...meQueryKey, next.email], user);
      setSession(next);
      announceSession({ kind: 'login', session: next });
    },
    [queryClient],
  );

  const value = useMemo<AuthValue>(
    () => ({
      token: session?.token ?? null,
      user: me.data ?? null,
      isAuthenticated: session !== null,
      isLoading: session !== null && me.isPending,
      userError: session !== null && me.isError ? 'Your account could not be loaded. Please try again.' : null,
      canUseAccount: session !== null && Boolean(me.data?.hasPasswordChanged),
      login,
      signup,
      logout,
      refreshUser,
      replaceToken,
    }),
    [session, me.data, me.isPending, me.isError, login, signup, logout, refreshUser, replaceToken],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
