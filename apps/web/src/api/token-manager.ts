/**
 * The token manager: docs/accounts.md "Token handling in the browser" and the auth constants of docs/accounts.md.
 *
 *   const tokens = createTokenManager({ events });          // browser defaults: localStorage, fetch
 *   tokens.startInternalSession({ accessToken, refreshToken });  // after POST /tokens (password login)
 *   tokens.startFirebaseSession(idToken, () => user.getIdToken(true));  // identity-provider sign-in
 *   tokens.setFirebaseTokenSource(() => user.getIdToken(true));  // provider restored a user at startup
 *   await tokens.getValidToken();   // a token with > 10 min left, refreshing first when needed; or null
 *   tokens.isRefreshing();          // docs/accounts.md step 5 waits "unless a token refresh is in progress"
 *   tokens.clearSession();          // logout
 *
 * Auth state (docs/accounts.md): 'internal' while a refresh token of ours is stored, 'firebase' while the
 * accounts code has given a Firebase getIdToken source, otherwise 'unknown'.
 *
 * Rules:
 * - A stored token is used only with more than 10 min left; otherwise it is refreshed.
 * - A refresh is scheduled 5 min before expiry (at once when already expired). The internal refresh
 *   assumes a 1 h lifetime; a Firebase ID token's expiry is read from its `exp` claim (1 h too).
 * - One refresh at a time; callers arriving meanwhile wait for it and get the same result.
 * - A refresh is skipped when the previous one started less than 30 s earlier; callers then get the
 *   current token while it has not expired.
 * - A definitive failure (the spec's user-token-expired / user-not-found) deletes the stored tokens,
 *   emits authError 'Authentication expired' and gives every waiter null. How it is signalled:
 *   internal: `PUT /api/tokens` answers a 4xx other than 408/429 — 401 for an unknown, expired,
 *   revoked or reused refresh token, 404 when the user no longer exists, 400/422 for a malformed
 *   body; Firebase: getIdToken resolves null (no signed-in user) or rejects with an `auth/...` code
 *   of a dead account (user-token-expired, user-not-found, user-disabled, invalid-user-token).
 *   Anything else (network, 5xx, 429) is transient: tokens are kept, waiters get the current token
 *   if it has not expired, and another refresh is scheduled once the cooldown allows.
 * - Every successful refresh emits tokenRefreshed.
 * - Tabs share localStorage: an internal refresh runs under a cross-tab Web Lock and adopts a pair
 *   another tab rotated meanwhile instead of sending a spent refresh token (reuse would revoke the
 *   family, docs/accounts.md); a scheduled refresh re-plans when another tab already refreshed.
 *
 * Its parts: when to refresh (token-refresh-scheduler.ts), how (token-refresh-strategies.ts: our own
 * pair or a Firebase ID token) and the lock tabs share (cross-tab-lock.ts). This file holds the
 * session: its state, one refresh at a time, the cooldown, and what a failed refresh ends.
 */
import { AUTH } from '@cratedig/contract/constants';
import { type NoTokenReason, TRANSPORT_MESSAGES } from './api-error';
import { type AuthEvents, createAuthEvents } from './auth-events';
import { type CrossTabLock, webLocks } from './cross-tab-lock';
import { createRefreshScheduler } from './token-refresh-scheduler';
import {
  type FirebaseTokenSource,
  firebaseExpiry,
  firebaseRefresh,
  internalRefresh,
  jwtExpiry,
} from './token-refresh-strategies';
import { createTokenStorage, type TokenStorage } from './token-storage';

export type { CrossTabLock } from './cross-tab-lock';
export type { FirebaseTokenSource } from './token-refresh-strategies';
export { jwtExpiry } from './token-refresh-strategies';

export type AuthState = 'unknown' | 'firebase' | 'internal';

export type TokenResult = { token: string; reason?: undefined } | { token: null; reason: NoTokenReason };

export interface TokenManagerDeps {
  storage?: TokenStorage;
  fetch?: typeof fetch;
  now?: () => number;
  events?: AuthEvents;
  /** Prefix of the API paths; the API is same-origin under /api (README.md "Map"). */
  apiBase?: string;
  /**
   * Runs a refresh under a lock shared by every tab of the site, so two tabs never send the same
   * refresh token (reuse revokes the whole family, docs/accounts.md). Default: the Web Locks API where the
   * browser has it, else none.
   */
  crossTabLock?: CrossTabLock;
}

export interface TokenManager {
  readonly events: AuthEvents;
  readonly storage: TokenStorage;
  getState(): AuthState;
  /** True when a refresh method exists (internal refresh token stored, or a Firebase source given). */
  canRefresh(): boolean;
  /** A token with more than 10 minutes left, refreshed first when needed; null when none can be had. */
  getValidToken(): Promise<string | null>;
  /** Like getValidToken, with the reason when there is no token (used for the synthetic 401). */
  acquireToken(): Promise<TokenResult>;
  /** Refreshes now (subject to the single-flight and cooldown rules); resolves to the token or null. */
  refresh(): Promise<string | null>;
  isRefreshing(): boolean;
  /**
   * Stores the tokens of a password login (refresh token optional, docs/accounts.md) and schedules the
   * refresh.
   */
  startInternalSession(tokens: { accessToken: string; refreshToken?: string | null }): void;
  /**
   * Stores a fresh Firebase ID token (docs/accounts.md step 1) and refreshes it through getIdToken from now
   * on.
   */
  startFirebaseSession(idToken: string, getIdToken: FirebaseTokenSource): void;
  /** Sets (or, with null, removes) the Firebase refresh method without touching the stored token. */
  setFirebaseTokenSource(getIdToken: FirebaseTokenSource | null): void;
  /** Logout: deletes the stored tokens, cancels the scheduled refresh; state becomes unknown. */
  clearSession(): void;
  /**
   * The server answered that this session was ended there (signed out elsewhere): no refresh can
   * help. Deletes the stored tokens and emits authError with signedOut.
   */
  sessionEndedOnServer(): void;
  /** Cancels the scheduled refresh timer (tests, hot reload). */
  dispose(): void;
}

export function createTokenManager(deps: TokenManagerDeps = {}): TokenManager {
  const storage = deps.storage ?? createTokenStorage();
  const events = deps.events ?? createAuthEvents();
  const now = deps.now ?? (() => Date.now());
  // Looked up at call time so a test's or polyfill's fetch is used, and `this` stays window.
  const doFetch: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const refreshInternal = internalRefresh({
    storage,
    fetch: doFetch,
    apiBase: deps.apiBase ?? '/api',
    now,
    lock: deps.crossTabLock ?? webLocks(),
  });

  let firebaseSource: FirebaseTokenSource | null = null;
  // Set by a password login, which may come without a refresh token (docs/accounts.md Password login step 3).
  let internalSignIn = false;
  let inFlight: Promise<TokenResult> | null = null;
  let lastRefreshStartedAt: number | null = null;
  // Bumped on every session change, so a refresh that finishes after logout stores nothing.
  let generation = 0;

  const canRefresh = () => firebaseSource !== null || storage.read().refreshToken !== null;
  // Derived, not stored: it follows localStorage even when another tab signs in or out.
  const getState = (): AuthState => {
    if (firebaseSource) return 'firebase';
    return internalSignIn || storage.read().refreshToken ? 'internal' : 'unknown';
  };

  const expiryOf = (accessToken: string, stored: number | null) => stored ?? jwtExpiry(accessToken);

  const noTokenResult = (): TokenResult => ({
    token: null,
    reason: storage.read().accessToken ? TRANSPORT_MESSAGES.noRefreshMethod : TRANSPORT_MESSAGES.noToken,
  });

  /** The stored token while it has not expired (used when a refresh is skipped or failed transiently). */
  const currentToken = (): TokenResult => {
    const { accessToken, expiresAt } = storage.read();
    if (!accessToken) return { token: null, reason: TRANSPORT_MESSAGES.noToken };
    const expiry = expiryOf(accessToken, expiresAt);
    if (expiry !== null && expiry <= now()) return { token: null, reason: TRANSPORT_MESSAGES.authExpired };
    return { token: accessToken };
  };

  const scheduler = createRefreshScheduler({
    now,
    canRefresh,
    expiry: () => {
      const { accessToken, expiresAt } = storage.read();
      return accessToken ? expiryOf(accessToken, expiresAt) : null;
    },
    lastRefreshStartedAt: () => lastRefreshStartedAt,
    refresh: () => void refreshOnce(),
  });

  /** A session that can no longer refresh: forget it and say why (authError). */
  const endSession = (signedOut: boolean): TokenResult => {
    generation += 1;
    inFlight = null;
    storage.clearTokens();
    firebaseSource = null;
    internalSignIn = false;
    scheduler.cancel();
    events.emit('authError', { message: TRANSPORT_MESSAGES.authExpired, signedOut });
    return { token: null, reason: TRANSPORT_MESSAGES.authExpired };
  };

  const refreshOnce = (): Promise<TokenResult> => {
    if (inFlight) return inFlight;
    if (lastRefreshStartedAt !== null && now() - lastRefreshStartedAt < AUTH.refreshCooldownMs) {
      return Promise.resolve(currentToken());
    }
    if (!canRefresh()) return Promise.resolve(noTokenResult());
    lastRefreshStartedAt = now();
    const startedIn = generation;
    const strategy = firebaseSource ? firebaseRefresh({ storage, now }, firebaseSource) : refreshInternal;
    const run = async (): Promise<TokenResult> => {
      const isCurrent = () => startedIn === generation;
      const outcome = await strategy(isCurrent);
      if (!isCurrent()) return noTokenResult(); // logged out or re-signed-in meanwhile
      if (outcome.kind === 'ok') {
        scheduler.schedule();
        events.emit('tokenRefreshed', { accessToken: outcome.token });
        return { token: outcome.token };
      }
      if (outcome.kind === 'dead') return endSession(outcome.signedOut === true);
      console.warn('token refresh failed, keeping the current token', outcome.error);
      scheduler.schedule();
      return currentToken();
    };
    const promise = run().finally(() => {
      if (inFlight === promise) inFlight = null;
    });
    inFlight = promise;
    return promise;
  };

  const acquireToken = async (): Promise<TokenResult> => {
    const { accessToken, expiresAt } = storage.read();
    if (accessToken) {
      const expiry = expiryOf(accessToken, expiresAt);
      // docs/accounts.md: a stored token is used only with more than 10 minutes left.
      if (expiry !== null && expiry - now() > AUTH.tokenUsableMinRemainingMs) return { token: accessToken };
    }
    if (!inFlight && !canRefresh()) return noTokenResult();
    return refreshOnce();
  };

  const startSession = () => {
    generation += 1;
    // A new sign-in is not a refresh: the next scheduled refresh must not be held back by the cooldown.
    lastRefreshStartedAt = null;
    inFlight = null;
  };

  if (canRefresh()) scheduler.schedule();

  return {
    events,
    storage,
    getState,
    canRefresh,
    acquireToken,
    getValidToken: async () => (await acquireToken()).token,
    refresh: async () => (await refreshOnce()).token,
    isRefreshing: () => inFlight !== null,
    startInternalSession({ accessToken, refreshToken }) {
      startSession();
      firebaseSource = null;
      storage.saveTokens({
        accessToken,
        refreshToken: refreshToken ?? null,
        expiresAt: now() + AUTH.internalTokenLifetimeMs,
      });
      internalSignIn = true;
      scheduler.schedule();
    },
    startFirebaseSession(idToken, getIdToken) {
      startSession();
      storage.saveTokens({
        accessToken: idToken,
        refreshToken: null,
        expiresAt: firebaseExpiry(idToken, now()),
      });
      firebaseSource = getIdToken;
      internalSignIn = false;
      scheduler.schedule();
    },
    setFirebaseTokenSource(getIdToken) {
      firebaseSource = getIdToken;
      scheduler.schedule();
    },
    sessionEndedOnServer() {
      if (storage.read().accessToken || canRefresh()) endSession(true);
    },
    clearSession() {
      generation += 1;
      inFlight = null;
      lastRefreshStartedAt = null;
      scheduler.cancel();
      firebaseSource = null;
      internalSignIn = false;
      storage.clearTokens();
    },
    dispose: scheduler.cancel,
  };
}
