import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { clearNextLocation, clearTokens, readAccessToken } from './session-storage';

// spec §4 "Gate": unknown while the session is being determined (overlay), then one of the two states
// of spec §6.
export type AuthStatus = 'unknown' | 'authenticated' | 'unauthenticated';

// The few user fields the shell shows. The accounts issue replaces this with the contract's user schema.
export interface SessionUser {
  id: number | string;
  username: string;
  email?: string | null;
  avatar_url?: string | null;
}

/** Resolves the signed-in user, or null for a visitor. Tests pass their own to pick an auth state. */
export type LoadSession = () => Promise<SessionUser | null>;

interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** True after logout() in this tab: the signed-in area was left on purpose, not interrupted. */
  loggedOut: boolean;
}

export interface AuthContextValue extends AuthState {
  /** The seam for the accounts issue: call after a successful sign-in with the loaded profile. */
  signIn: (user: SessionUser) => void;
  /** spec §4: the user is cleared on logout (tokens, cached data and the stored next location). */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    (typeof candidate.id === 'number' || typeof candidate.id === 'string') &&
    typeof candidate.username === 'string'
  );
}

/**
 * spec §4 "Startup": with a stored token the current user comes from GET /api/me; without one, or if
 * that call fails, there is no user. Token refresh and retries belong to the transport (accounts issue).
 */
export const loadSessionFromApi: LoadSession = async () => {
  const token = readAccessToken();
  if (!token) return null;
  try {
    const response = await fetch('/api/me', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isSessionUser(body) ? body : null;
  } catch {
    return null;
  }
};

export function AuthProvider({
  children,
  loadSession = loadSessionFromApi,
}: {
  children: ReactNode;
  loadSession?: LoadSession;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'unknown', user: null, loggedOut: false });

  useEffect(() => {
    let cancelled = false;
    loadSession().then(
      (user) => {
        if (cancelled) return;
        setState({ status: user ? 'authenticated' : 'unauthenticated', user, loggedOut: false });
      },
      () => {
        if (!cancelled) setState({ status: 'unauthenticated', user: null, loggedOut: false });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loadSession]);

  const signIn = useCallback(
    (user: SessionUser) => setState({ status: 'authenticated', user, loggedOut: false }),
    [],
  );

  const logout = useCallback(async () => {
    clearTokens();
    clearNextLocation();
    // Another person may sign in next on this browser: drop everything fetched for this one.
    queryClient.clear();
    setState({ status: 'unauthenticated', user: null, loggedOut: true });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(() => ({ ...state, signIn, logout }), [state, signIn, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
