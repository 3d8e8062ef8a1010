/**
 * Who is signed in: the user GET /api/me returns for the session cookie, kept as the ['me'] query (null for a
 * visitor). The browser holds no token: the server sets and clears the httpOnly cookie (docs/security.md#the-session-cookie).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, LoginBody, MeResponse, SignupBody, User } from '@beat/shared';
import { api, onUnauthorized } from '../../lib/api-client';
import { announceSession, forgetLegacySession, onSessionAnnounced } from '../../lib/auth-storage';

interface AuthValue {
  user: User | null;
  /** The session cookie names a user (the ['me'] query returned one). */
  isAuthenticated: boolean;
  /** True while the ['me'] query has no response yet: neither a user nor a visitor is known. */
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
  /** After a password change: the server set the new session's cookie; the user is the one it returned. */
  sessionRenewed: (user: User) => void;
}

const AuthContext = createContext<AuthValue | null>(null);
/** The signed-in user or null; the server's renderer may hand its response over in the page's dehydrated state. */
export const meQueryKey = ['me'] as const;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    staleTime: 30_000,
    queryFn: ({ signal }) => api<MeResponse>('/api/me', { signal }).then((r) => r.user),
  });

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());
  const user = me.data ?? null;

  useEffect(() => forgetLegacySession(), []);

  const setUser = useCallback((next: User | null) => queryClient.setQueryData<User | null>(meQueryKey, next), [queryClient]);

  // A 401 means the session has ended (a logout in another browser, a password change elsewhere): a visitor now.
  useEffect(
    () =>
      onUnauthorized(() => {
        if (queryClient.getQueryData<User | null>(meQueryKey)) setUser(null);
      }),
    [queryClient, setUser],
  );

  // The tabs of the browser share one cookie (docs/product/accounts.md#remember-me): a login or logout in one tab
  // reaches the others at once.
  useEffect(
    () =>
      onSessionAnnounced((change) => {
        if (change.kind === 'logout') setUser(null);
        else void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }),
    [queryClient, setUser],
  );

  const start = useCallback(
    (answer: AuthResponse) => {
      setUser(answer.user);
      announceSession({ kind: 'login' });
      return answer.user;
    },
    [setUser],
  );

  const login = useCallback(
    async (body: LoginBody) => start(await api<AuthResponse>('/api/login', { method: 'POST', body })),
    [start],
  );

  const signup = useCallback(
    async (body: SignupBody) =>
      start(await api<AuthResponse>('/api/signup', { method: 'POST', body: { ...body, userType: 'freeUser' } })),
    [start],
  );

  const logout = useCallback(async () => {
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
      // The session ends on screen whatever the server says.
    } finally {
      setUser(null);
      announceSession({ kind: 'logout' });
    }
  }, [user, setUser]);

  const refreshUser = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [queryClient]);

  const sessionRenewed = useCallback(
    (next: User) => {
      setUser(next);
      announceSession({ kind: 'login' });
    },
    [setUser],
  );

  const value = useMemo<AuthValue>(
    () => ({
      user,
      isAuthenticated: user !== null,
      isLoading: me.isPending,
      userError: me.isError ? 'Your account could not be loaded. Please try again.' : null,
      canUseAccount: Boolean(user?.hasPasswordChanged),
      login,
      signup,
      logout,
      refreshUser,
      sessionRenewed,
    }),
    [user, me.isPending, me.isError, login, signup, logout, refreshUser, sessionRenewed],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
