/**
 * Logout on the server: `DELETE /api/tokens {refresh_token}` with the access token ends the session
 * (its refresh-token family), so a copy of the tokens left anywhere stops working too.
 *
 *   await endSession(api.tokens);   // forgets the tokens here at once, then tells the server
 *
 * The tokens are removed from this browser before the call, so Logout never waits on the network
 * and other tabs sign out at once; the call itself is bounded by a timeout, and any failure (offline,
 * 5xx, an already-ended session) leaves the person signed out here all the same.
 */
import { AUTH } from '@cratedig/contract/constants';
import { accountRoutes } from '@cratedig/contract/routes-accounts';
import { jwtExpiry, type TokenManager } from './token-manager';

export interface EndSessionDeps {
  fetch?: typeof fetch;
  apiBase?: string;
  now?: () => number;
  timeoutMs?: number;
}

/** How long Logout waits for the server before giving up on telling it. */
const END_SESSION_TIMEOUT_MS = 5_000;
/** An access token with less left than this is refreshed first, so the server still accepts it. */
const MIN_REMAINING_MS = 30_000;

/** Resolves true when the server confirmed the session ended; never rejects. */
export async function endSession(tokens: TokenManager, deps: EndSessionDeps = {}): Promise<boolean> {
  const { accessToken, refreshToken, expiresAt } = tokens.storage.read();
  tokens.clearSession();
  // A sign-in through the identity provider has no refresh token of ours: nothing to end here.
  if (!accessToken || !refreshToken) return false;
  const doFetch: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const apiBase = deps.apiBase ?? '/api';
  const now = deps.now ?? Date.now;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deps.timeoutMs ?? END_SESSION_TIMEOUT_MS);
  // Both calls share the path /api/tokens (the table of calls); the base may be another origin's.
  const send = (call: 'refresh' | 'endSession', body: object, bearer?: string) =>
    doFetch(`${apiBase}${accountRoutes.accounts[call].path.slice('/api'.length)}`, {
      method: accountRoutes.accounts[call].method,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
      signal: controller.signal,
      // Let the call finish even if the page is left right after Logout.
      keepalive: true,
    });
  try {
    let access = accessToken;
    let refresh = refreshToken;
    const expiry = expiresAt ?? jwtExpiry(accessToken) ?? now() + AUTH.internalTokenLifetimeMs;
    if (expiry - now() < MIN_REMAINING_MS) {
      // The access token is (nearly) spent: one rotation gets a pair the server accepts.
      const rotated = await send('refresh', { access_token: accessToken, refresh_token: refreshToken });
      if (!rotated.ok) return false;
      const pair = (await rotated.json()) as { access_token?: unknown; refresh_token?: unknown };
      if (typeof pair.access_token !== 'string' || typeof pair.refresh_token !== 'string') return false;
      access = pair.access_token;
      refresh = pair.refresh_token;
    }
    const response = await send('endSession', { refresh_token: refresh }, access);
    return response.status === 204;
  } catch (error) {
    console.warn('could not end the session on the server', error);
    return false;
  } finally {
    clearTimeout(timer);
  }
}
