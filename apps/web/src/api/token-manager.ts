/**
 * The token manager: docs/accounts.md "Token handling" and the auth constants of docs/accounts.md.
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
 */
import { AUTH } from '@cratedig/contract/constants';
import { type NoTokenReason, TRANSPORT_MESSAGES } from './api-error';
import { type AuthEvents, createAuthEvents } from './auth-events';
import { createTokenStorage, type TokenStorage } from './token-storage';

export type AuthState = 'unknown' | 'firebase' | 'internal';

/** The Firebase user's `getIdToken(true)`, supplied by the accounts code (firebase is not imported here). */
export type FirebaseTokenSource = () => Promise<string | null>;

export type TokenResult = { token: string; reason?: undefined } | { token: null; reason: NoTokenReason };

export interface TokenManagerDeps {
  storage?: TokenStorage;
  fetch?: typeof fetch;
  now?: () => number;
  events?: AuthEvents;
  /** Prefix of the API paths; the API is same-origin under /api (architecture.md). */
  apiBase?: string;
  /**
   * Runs a refresh under a lock shared by every tab of the site, so two tabs never send the same
   * refresh token (reuse revokes the whole family, docs/accounts.md). Default: the Web Locks API where the
   * browser has it, else none.
   */
  crossTabLock?: CrossTabLock;
}

export type CrossTabLock = <T>(task: () => Promise<T>) => Promise<T>;

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
  /** Cancels the scheduled refresh timer (tests, hot reload). */
  dispose(): void;
}

const DEAD_FIREBASE_CODES = new Set([
  'auth/user-token-expired',
  'auth/user-not-found',
  'auth/user-disabled',
  'auth/invalid-user-token',
]);

type Outcome =
  | { kind: 'ok'; token: string; refreshToken?: string; expiresAt: number }
  | { kind: 'dead' }
  | { kind: 'transient'; error?: unknown };

export function createTokenManager(deps: TokenManagerDeps = {}): TokenManager {
  const storage = deps.storage ?? createTokenStorage();
  const events = deps.events ?? createAuthEvents();
  const now = deps.now ?? (() => Date.now());
  const apiBase = deps.apiBase ?? '/api';
  const crossTabLock = deps.crossTabLock ?? webLocks();
  // Looked up at call time so a test's or polyfill's fetch is used, and `this` stays window.
  const doFetch: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));

  let firebaseSource: FirebaseTokenSource | null = null;
  // Set by a password login, which may come without a refresh token (docs/accounts.md Password login step 3).
  let internalSignIn = false;
  let inFlight: Promise<TokenResult> | null = null;
  let lastRefreshStartedAt: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
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

  const cancelTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  /** docs/accounts.md: refresh 5 min before expiry, at once if expired; never before the cooldown ends. */
  const schedule = () => {
    cancelTimer();
    if (!canRefresh()) return;
    const { accessToken, expiresAt } = storage.read();
    const expiry = accessToken ? expiryOf(accessToken, expiresAt) : null;
    let at = expiry === null ? now() : expiry - AUTH.refreshBeforeExpiryMs;
    if (lastRefreshStartedAt !== null) at = Math.max(at, lastRefreshStartedAt + AUTH.refreshCooldownMs);
    timer = setTimeout(
      () => {
        timer = null;
        // Another tab may have refreshed meanwhile (tokens live in shared localStorage): re-plan.
        const stored = storage.read();
        const due = stored.accessToken ? expiryOf(stored.accessToken, stored.expiresAt) : null;
        if (due !== null && due - AUTH.refreshBeforeExpiryMs > now()) schedule();
        else void refreshOnce();
      },
      Math.max(0, at - now()),
    );
  };

  const refreshInternal = async (isCurrent: () => boolean): Promise<Outcome> => {
    const seen = storage.read().refreshToken;
    return crossTabLock(async () => {
      const { accessToken, refreshToken, expiresAt } = storage.read();
      if (!refreshToken) return { kind: 'dead' };
      if (refreshToken !== seen && accessToken) {
        // Another tab rotated the pair while we waited for the lock: use it, do not rotate again.
        return {
          kind: 'ok',
          token: accessToken,
          expiresAt: expiresAt ?? now() + AUTH.internalTokenLifetimeMs,
        };
      }
      const outcome = await exchange(accessToken, refreshToken);
      // Saved inside the lock, so the next tab to take it sees the rotated refresh token.
      if (outcome.kind === 'ok' && isCurrent()) save(outcome);
      return outcome;
    });
  };

  const save = (outcome: Extract<Outcome, { kind: 'ok' }>) =>
    storage.saveTokens({
      accessToken: outcome.token,
      refreshToken: outcome.refreshToken,
      expiresAt: outcome.expiresAt,
    });

  const exchange = async (accessToken: string | null, refreshToken: string): Promise<Outcome> => {
    let response: Response;
    try {
      response = await doFetch(`${apiBase}/tokens`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ access_token: accessToken ?? '', refresh_token: refreshToken }),
      });
    } catch (error) {
      return { kind: 'transient', error };
    }
    if (!response.ok) {
      const transient = response.status >= 500 || response.status === 408 || response.status === 429;
      return transient ? { kind: 'transient', error: response.status } : { kind: 'dead' };
    }
    try {
      const body = (await response.json()) as { access_token?: unknown; refresh_token?: unknown };
      if (typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string') {
        return { kind: 'transient', error: 'malformed token response' };
      }
      return {
        kind: 'ok',
        token: body.access_token,
        refreshToken: body.refresh_token,
        expiresAt: now() + AUTH.internalTokenLifetimeMs,
      };
    } catch (error) {
      return { kind: 'transient', error };
    }
  };

  const refreshFirebase = async (source: FirebaseTokenSource): Promise<Outcome> => {
    try {
      const token = await source();
      if (!token) return { kind: 'dead' };
      return { kind: 'ok', token, expiresAt: firebaseExpiry(token, now()) };
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code === 'string' && DEAD_FIREBASE_CODES.has(code)) return { kind: 'dead' };
      return { kind: 'transient', error };
    }
  };

  const refreshOnce = (): Promise<TokenResult> => {
    if (inFlight) return inFlight;
    if (lastRefreshStartedAt !== null && now() - lastRefreshStartedAt < AUTH.refreshCooldownMs) {
      return Promise.resolve(currentToken());
    }
    if (!canRefresh()) return Promise.resolve(noTokenResult());
    lastRefreshStartedAt = now();
    const startedIn = generation;
    const source = firebaseSource;
    const run = async (): Promise<TokenResult> => {
      const isCurrent = () => startedIn === generation;
      const outcome = source ? await refreshFirebase(source) : await refreshInternal(isCurrent);
      if (!isCurrent()) return noTokenResult(); // logged out or re-signed-in meanwhile
      if (outcome.kind === 'ok') {
        if (source) save(outcome);
        schedule();
        events.emit('tokenRefreshed', { accessToken: outcome.token });
        return { token: outcome.token };
      }
      if (outcome.kind === 'dead') {
        generation += 1;
        storage.clearTokens();
        firebaseSource = null;
        internalSignIn = false;
        cancelTimer();
        events.emit('authError', { message: TRANSPORT_MESSAGES.authExpired });
        return { token: null, reason: TRANSPORT_MESSAGES.authExpired };
      }
      console.warn('token refresh failed, keeping the current token', outcome.error);
      schedule();
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

  if (canRefresh()) schedule();

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
      schedule();
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
      schedule();
    },
    setFirebaseTokenSource(getIdToken) {
      firebaseSource = getIdToken;
      schedule();
    },
    clearSession() {
      generation += 1;
      inFlight = null;
      lastRefreshStartedAt = null;
      cancelTimer();
      firebaseSource = null;
      internalSignIn = false;
      storage.clearTokens();
    },
    dispose: cancelTimer,
  };
}

function webLocks(): CrossTabLock {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return (task) => task();
  // request() types a promise-returning callback as Promise<Promise<T>>; at run time it is flattened.
  return <T>(task: () => Promise<T>) =>
    locks.request('cratedig-token-refresh', task) as unknown as Promise<T>;
}

/** The `exp` claim of a JWT in epoch milliseconds, or null when the token is not a readable JWT. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Firebase ID tokens live 1 h; their exp claim is authoritative when readable. */
function firebaseExpiry(idToken: string, nowMs: number): number {
  return jwtExpiry(idToken) ?? nowMs + AUTH.internalTokenLifetimeMs;
}
