import { TOASTS } from '@cratedig/contract/constants';
import type { User } from '@cratedig/contract/user';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { accountsClient } from '../../api/accounts-client';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/api-error';
import { onTokensRemovedElsewhere } from '../../api/token-storage';
import type { Api } from '../../api/transport';
import { clearRuntimeCachesAfterLogout } from '../../lib/offline-caches';
import { enqueueSnackbar } from '../../lib/toast';
import { SESSION_MESSAGES } from './auth-messages';
import { getClientConfig } from './client-config';
import { isFirebaseIdToken, loadedFirebaseSignIn, loadFirebaseSignIn } from './firebase-loader';

// docs/accounts.md "Startup and the gate": unknown while the session is being determined (overlay), then one of the two
// states of docs/accounts.md. (The token manager's unknown/firebase/internal is the other state of
// docs/accounts.md: how the session refreshes, see api/token-manager.ts.)
export type AuthStatus = 'unknown' | 'authenticated' | 'unauthenticated';

/**
 * The signed-in user: the contract's User as GET /me answers it. Only id and username are required
 * so tests can describe a session with the fields they care about.
 */
export type SessionUser = Pick<User, 'id' | 'username'> & Partial<Omit<User, 'id' | 'username'>>;

/** Resolves the signed-in user, or null for a visitor. Tests pass their own to pick an auth state. */
export type LoadSession = () => Promise<SessionUser | null>;

interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** True after logout() in this tab: the signed-in area was left on purpose, not interrupted. */
  loggedOut: boolean;
  /**
   * True while the session cannot be determined because the API cannot be reached (no network): the
   * gate shows the offline state and tries again by itself, instead of sending a signed-in person to
   * the login page.
   */
  offline: boolean;
}

/** How often the session is asked for again while the API cannot be reached (besides the online event). */
const OFFLINE_RETRY_MS = 5_000;

export interface AuthContextValue extends AuthState {
  /** After a successful sign-in with the loaded profile; the route guards then leave the auth page. */
  signIn: (user: SessionUser) => void;
  /** Replaces the signed-in user's record after it changed (profile, onboarding). */
  updateUser: (user: SessionUser) => void;
  /**
   * docs/accounts.md: the user is cleared on logout (tokens, cached data and the stored next location), and
   * the session is ended on the server too (unless `endedOnServer`: Sign out everywhere did it).
   */
  logout: (options?: { endedOnServer?: boolean }) => Promise<void>;
  /**
   * Runs listener on every logout: the player stops and forgets the queue there (docs/accounts.md), and the
   * session's query cache is cleared.
   */
  onLogout: (listener: () => void) => () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * docs/accounts.md "Startup and the gate": with a stored token the current user comes from GET /api/me; without one, or if
 * that call fails, there is no user. A stored Firebase ID token first gets the SDK back (lazily) so
 * the token manager can refresh it.
 */
export async function loadSessionFromApi(api: Api, onProviderSignedOut: () => void): Promise<User | null> {
  const { accessToken, refreshToken } = api.tokens.storage.read();
  if (!accessToken) return null;
  if (!refreshToken && isFirebaseIdToken(accessToken)) {
    try {
      const [firebase, config] = await Promise.all([loadFirebaseSignIn(), getClientConfig(api)]);
      await firebase.restoreFirebaseSession(api, config, { onProviderSignedOut });
    } catch (error) {
      // The stored token may still have enough life left for GET /me; the transport decides.
      console.warn('could not restore the identity-provider session', error);
    }
  }
  try {
    return await accountsClient(api.transport).accounts.me();
  } catch (error) {
    // Unreachable is not signed out: the stored tokens stay, and the provider tries again.
    if (isApiError(error) && error.kind === 'network') throw error;
    return null;
  }
}

function isUnreachable(error: unknown): boolean {
  return isApiError(error) && error.kind === 'network';
}

function runLogoutListeners(listeners: Set<() => void>) {
  for (const listener of [...listeners]) {
    try {
      listener();
    } catch (error) {
      console.error('a logout listener failed', error);
    }
  }
}

/** docs/web-app.md "Auth events during use": a toast while the tab is visible, for 2 s. */
function showRefreshingToast() {
  if (document.visibilityState !== 'visible') return;
  enqueueSnackbar(SESSION_MESSAGES.refreshing, {
    variant: 'warning',
    autoHideDuration: TOASTS.authExpiredMs,
    preventDuplicate: true,
  });
}

export function AuthProvider({ children, loadSession }: { children: ReactNode; loadSession?: LoadSession }) {
  const api = useApi();
  // Without a stored token there is no session to ask about (loadSessionFromApi answers null at once):
  // a visitor is known from the first render, so /login is drawn straight away, not after a frame of
  // the "Checking your session" overlay and a second render of the whole app.
  const [visitorAtStart] = useState(() => !loadSession && !api.tokens.storage.read().accessToken);
  const [state, setState] = useState<AuthState>({
    status: visitorAtStart ? 'unauthenticated' : 'unknown',
    user: null,
    loggedOut: false,
    offline: false,
  });
  const logoutListeners = useRef(new Set<() => void>());
  /** Whether someone is signed in now (read by work a logout leaves running). */
  const signedInNow = useRef(false);

  const clearUser = useCallback(() => {
    setState((current) =>
      current.status === 'unauthenticated'
        ? current
        : { status: 'unauthenticated', user: null, loggedOut: false, offline: false },
    );
  }, []);

  const [load] = useState<LoadSession>(() => loadSession ?? (() => loadSessionFromApi(api, clearUser)));

  useEffect(() => {
    if (visitorAtStart) return;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      clearTimeout(retry);
      window.removeEventListener('online', attempt);
      load().then(
        (user) => {
          if (cancelled) return;
          const status = user ? 'authenticated' : 'unauthenticated';
          setState({ status, user, loggedOut: false, offline: false });
        },
        (error: unknown) => {
          if (cancelled) return;
          if (!isUnreachable(error)) {
            setState({ status: 'unauthenticated', user: null, loggedOut: false, offline: false });
            return;
          }
          setState({ status: 'unknown', user: null, loggedOut: false, offline: true });
          window.addEventListener('online', attempt);
          retry = setTimeout(attempt, OFFLINE_RETRY_MS);
        },
      );
    };
    attempt();
    return () => {
      cancelled = true;
      clearTimeout(retry);
      window.removeEventListener('online', attempt);
    };
  }, [load, visitorAtStart]);

  // A refresh that failed for good already deleted the tokens (token-manager.ts): say so, and send
  // the person back to sign in; the guard keeps the page as the next location (docs/web-app.md recovery).
  useEffect(
    () =>
      api.events.on('authError', ({ signedOut }) => {
        if (signedOut) {
          // Nothing is refreshing: the session was ended elsewhere. Say so plainly, at any visibility.
          enqueueSnackbar(SESSION_MESSAGES.signedOutElsewhere, { variant: 'info', preventDuplicate: true });
        } else showRefreshingToast();
        // Signed out here too: the player stops and the queue goes, as on Logout.
        runLogoutListeners(logoutListeners.current);
        clearUser();
      }),
    [api, clearUser],
  );

  const signIn = useCallback(
    (user: SessionUser) => setState({ status: 'authenticated', user, loggedOut: false, offline: false }),
    [],
  );

  const updateUser = useCallback(
    (user: SessionUser) => setState((current) => (current.user ? { ...current, user } : current)),
    [],
  );

  const logout = useCallback(
    async ({ endedOnServer = false }: { endedOnServer?: boolean } = {}) => {
      // The tokens are forgotten here at once; the server is told meanwhile (bounded, never fails).
      const ending = endedOnServer ? null : api.endSession();
      if (!ending) api.tokens.clearSession();
      api.tokens.storage.takeNext();
      runLogoutListeners(logoutListeners.current);
      // The service worker's runtime caches (artwork seen while signed in) go too, also what the page
      // just left was still fetching.
      clearRuntimeCachesAfterLogout(() => signedInNow.current);
      setState({ status: 'unauthenticated', user: null, loggedOut: true, offline: false });
      // End the provider's session too, but only if its SDK was loaded: logout must not fetch it.
      const firebase = loadedFirebaseSignIn();
      if (firebase) await firebase.then((module) => module.signOutProvider()).catch(() => {});
      await ending;
    },
    [api],
  );

  // A logout in another tab removes the shared tokens: this tab signs out too, at once (its player
  // stops through the logout listeners).
  const signedIn = state.status === 'authenticated';
  signedInNow.current = signedIn;
  useEffect(() => {
    if (!signedIn) return;
    return onTokensRemovedElsewhere(() => void logout());
  }, [signedIn, logout]);

  const onLogout = useCallback((listener: () => void) => {
    logoutListeners.current.add(listener);
    return () => {
      logoutListeners.current.delete(listener);
    };
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, signIn, updateUser, logout, onLogout }),
    [state, signIn, updateUser, logout, onLogout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
