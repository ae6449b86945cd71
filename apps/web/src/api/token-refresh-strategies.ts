/**
 * The two ways a session's access token is renewed (docs/accounts.md "Token handling in the browser"):
 *
 *   const internal = internalRefresh({ storage, fetch, apiBase: '/api', now, lock });  // our own pair
 *   const firebase = firebaseRefresh({ storage, now }, () => user.getIdToken(true));     // Firebase ID token
 *   const outcome = await internal(isCurrent);   // { kind: 'ok' | 'dead' | 'transient', ... }
 *
 * Each one stores what it got, unless `isCurrent()` says the session changed meanwhile (logout, a new
 * sign-in), and tells a dead session (refresh impossible for good) from a passing failure:
 * - internal: `PUT /api/tokens` answering a 4xx other than 408/429 is dead (401 for an unknown,
 *   expired, revoked or reused refresh token, 404 when the user no longer exists, 400/422 for a
 *   malformed body); a network error, a 5xx, 408, 429 or an unreadable answer is transient.
 * - Firebase: getIdToken resolving null (no signed-in user) or rejecting with the `auth/...` code of
 *   a dead account is dead; anything else is transient.
 */

import { AUTH } from '@cratedig/contract/constants';
import { accountRoutes } from '@cratedig/contract/routes-accounts';
import { SESSION_ENDED_MESSAGE } from '@cratedig/contract/session-ended';
import type { CrossTabLock } from './cross-tab-lock';
import type { TokenStorage } from './token-storage';

export type RefreshOutcome =
  | { kind: 'ok'; token: string; refreshToken?: string; expiresAt: number }
  | { kind: 'dead'; signedOut?: boolean }
  | { kind: 'transient'; error?: unknown };

/** Renews the token; `isCurrent()` is false once the session it started in has ended. */
export type RefreshStrategy = (isCurrent: () => boolean) => Promise<RefreshOutcome>;

/** The Firebase user's `getIdToken(true)`, supplied by the accounts code (firebase is not imported here). */
export type FirebaseTokenSource = () => Promise<string | null>;

export const DEAD_FIREBASE_CODES = new Set([
  'auth/user-token-expired',
  'auth/user-not-found',
  'auth/user-disabled',
  'auth/invalid-user-token',
]);

export interface InternalRefreshDeps {
  storage: TokenStorage;
  fetch: typeof fetch;
  /** Prefix of the API paths, '/api'. */
  apiBase: string;
  now: () => number;
  lock: CrossTabLock;
}

/**
 * Our own refresh: rotates the stored pair through `PUT /api/tokens` under the cross-tab lock, and
 * saves the new pair before releasing it, so the next tab to take the lock sees the rotated refresh
 * token. A tab that finds the pair rotated by another tab while it waited uses that pair instead of
 * sending a spent refresh token.
 */
export function internalRefresh(deps: InternalRefreshDeps): RefreshStrategy {
  return async (isCurrent) => {
    const seen = deps.storage.read().refreshToken;
    return deps.lock(async () => {
      const { accessToken, refreshToken, expiresAt } = deps.storage.read();
      if (!refreshToken) return { kind: 'dead' };
      if (refreshToken !== seen && accessToken) {
        return {
          kind: 'ok',
          token: accessToken,
          expiresAt: expiresAt ?? deps.now() + AUTH.internalTokenLifetimeMs,
        };
      }
      const outcome = await exchange(deps, accessToken, refreshToken);
      if (outcome.kind === 'ok' && isCurrent()) saveOutcome(deps.storage, outcome);
      return outcome;
    });
  };
}

async function exchange(
  deps: InternalRefreshDeps,
  accessToken: string | null,
  refreshToken: string,
): Promise<RefreshOutcome> {
  let response: Response;
  try {
    // the path and method of the table of calls; the base may be another origin's
    const { method, path } = accountRoutes.accounts.refresh;
    response = await deps.fetch(`${deps.apiBase}${path.slice('/api'.length)}`, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ access_token: accessToken ?? '', refresh_token: refreshToken }),
    });
  } catch (error) {
    return { kind: 'transient', error };
  }
  if (!response.ok) {
    const transient = response.status >= 500 || response.status === 408 || response.status === 429;
    if (transient) return { kind: 'transient', error: response.status };
    return { kind: 'dead', signedOut: await saysSessionEnded(response) };
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
      expiresAt: deps.now() + AUTH.internalTokenLifetimeMs,
    };
  } catch (error) {
    return { kind: 'transient', error };
  }
}

/** A Firebase session's refresh: a new ID token from the provider, its expiry read from the token. */
export function firebaseRefresh(
  deps: { storage: TokenStorage; now: () => number },
  source: FirebaseTokenSource,
): RefreshStrategy {
  return async (isCurrent) => {
    let outcome: RefreshOutcome;
    try {
      const token = await source();
      outcome = token
        ? { kind: 'ok', token, expiresAt: firebaseExpiry(token, deps.now()) }
        : { kind: 'dead' };
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      outcome =
        typeof code === 'string' && DEAD_FIREBASE_CODES.has(code)
          ? { kind: 'dead' }
          : { kind: 'transient', error };
    }
    if (outcome.kind === 'ok' && isCurrent()) saveOutcome(deps.storage, outcome);
    return outcome;
  };
}

function saveOutcome(storage: TokenStorage, outcome: Extract<RefreshOutcome, { kind: 'ok' }>): void {
  storage.saveTokens({
    accessToken: outcome.token,
    refreshToken: outcome.refreshToken,
    expiresAt: outcome.expiresAt,
  });
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
export function firebaseExpiry(idToken: string, nowMs: number): number {
  return jwtExpiry(idToken) ?? nowMs + AUTH.internalTokenLifetimeMs;
}

/** Whether a 401 answers that the session was ended on the server (not merely expired). */
export async function saysSessionEnded(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  try {
    const body = (await response.clone().json()) as { message?: unknown };
    return body.message === SESSION_ENDED_MESSAGE;
  } catch {
    return false;
  }
}
