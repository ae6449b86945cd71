import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthEvents } from './auth-events';
import { createTokenManager, jwtExpiry, type TokenManager } from './token-manager';
import { createTokenStorage, STORAGE_KEYS } from './token-storage';

// The network boundary: an injected fetch that records what the client sent and answers as the
// API's PUT /api/tokens would (docs/accounts.md: {access_token, refresh_token} in, the rotated pair out).
type Answer = (body: { access_token: string; refresh_token: string }) => Response | Promise<Response>;

function tokenServer(answer?: Answer) {
  const calls: { method: string; url: string; body: { access_token: string; refresh_token: string } }[] = [];
  let issued = 0;
  const rotate: Answer = () => {
    issued += 1;
    return Response.json({ access_token: `access-${issued}`, refresh_token: `refresh-${issued}` });
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { access_token: string; refresh_token: string };
    calls.push({ method: init?.method ?? 'GET', url: String(input), body });
    return (answer ?? rotate)(body);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const MIN = 60_000;
const T0 = Date.parse('2025-03-01T12:00:00Z');

function storeTokens(accessToken: string, refreshToken: string | null, expiresAt: number) {
  createTokenStorage().saveTokens({ accessToken, refreshToken, expiresAt });
}

function fakeJwt(expSeconds: number): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part({ exp: expSeconds, sub: 'uid-1' })}.signature`;
}

let managers: TokenManager[] = [];
function manager(deps: Parameters<typeof createTokenManager>[0] = {}) {
  const m = createTokenManager(deps);
  managers.push(m);
  return m;
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  for (const m of managers) m.dispose();
  managers = [];
  vi.useRealTimers();
});

describe('token manager (docs/accounts.md Token handling)', () => {
  it('uses a stored token only with more than 10 minutes left', async () => {
    const server = tokenServer();
    storeTokens('stored', 'refresh-0', T0 + 10 * MIN + 1_000);
    const tokens = manager({ fetch: server.fetch });

    expect(await tokens.getValidToken()).toBe('stored');
    expect(server.calls).toHaveLength(0);

    vi.setSystemTime(T0 + 1_000); // now exactly 10 minutes left: no longer usable
    expect(await tokens.getValidToken()).toBe('access-1');
    expect(server.calls).toEqual([
      { method: 'PUT', url: '/api/tokens', body: { access_token: 'stored', refresh_token: 'refresh-0' } },
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
  });

  it('schedules the refresh 5 minutes before expiry', async () => {
    const server = tokenServer();
    const tokens = manager({ fetch: server.fetch });
    tokens.startInternalSession({ accessToken: 'login', refreshToken: 'refresh-0' });

    await vi.advanceTimersByTimeAsync(55 * MIN - 1);
    expect(server.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(1);
    // The next one is scheduled from the new token's expiry, again 55 minutes on.
    await vi.advanceTimersByTimeAsync(55 * MIN);
    expect(server.calls).toHaveLength(2);
  });

  it('refreshes at once when the stored token has already expired', async () => {
    const server = tokenServer();
    storeTokens('old', 'refresh-0', T0 - MIN);
    manager({ fetch: server.fetch });

    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-1');
  });

  it('assumes a 1 hour lifetime for the internal refresh', async () => {
    const tokens = manager({ fetch: tokenServer().fetch });
    storeTokens('old', 'refresh-0', T0 + MIN);
    await tokens.refresh();
    expect(window.localStorage.getItem(STORAGE_KEYS.tokenExpiry)).toBe(String(T0 + 60 * MIN));
  });

  it('runs a single refresh and shares its result with waiters', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = tokenServer(async () => {
      await gate;
      return Response.json({ access_token: 'shared', refresh_token: 'refresh-1' });
    });
    storeTokens('stale', 'refresh-0', T0 + 2 * MIN);
    const tokens = manager({ fetch: server.fetch });

    const waiters = [tokens.getValidToken(), tokens.getValidToken(), tokens.refresh()];
    expect(tokens.isRefreshing()).toBe(true);
    release();
    expect(await Promise.all(waiters)).toEqual(['shared', 'shared', 'shared']);
    expect(server.calls).toHaveLength(1);
    expect(tokens.isRefreshing()).toBe(false);
  });

  it('skips a refresh within the 30 s cooldown', async () => {
    const server = tokenServer();
    storeTokens('stale', 'refresh-0', T0 + 2 * MIN);
    const tokens = manager({ fetch: server.fetch });
    expect(await tokens.refresh()).toBe('access-1');

    await vi.advanceTimersByTimeAsync(29_999);
    expect(await tokens.refresh()).toBe('access-1'); // the current token, no call
    expect(server.calls).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(await tokens.refresh()).toBe('access-2');
    expect(server.calls).toHaveLength(2);
  });

  it('on refresh failure deletes tokens, emits authError and gives waiters null', async () => {
    // Our API signals an expired/revoked refresh token with 401 in the error shape.
    const server = tokenServer(() =>
      Response.json(
        { code: 401, status: 'Unauthorized', message: 'Refresh token expired' },
        { status: 401, headers: { 'content-type': 'application/json' } },
      ),
    );
    const events = createAuthEvents();
    const authErrors: string[] = [];
    events.on('authError', ({ message }) => authErrors.push(message));
    storeTokens('stale', 'refresh-0', T0 + 2 * MIN);
    window.localStorage.setItem(STORAGE_KEYS.next, '/sets');
    const tokens = manager({ fetch: server.fetch, events });

    expect(await Promise.all([tokens.getValidToken(), tokens.getValidToken()])).toEqual([null, null]);
    expect(authErrors).toEqual(['Authentication expired']);
    for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.tokenExpiry]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(window.localStorage.getItem(STORAGE_KEYS.next)).toBe('/sets');
    expect(tokens.getState()).toBe('unknown');
  });

  it('treats 404 user-not-found from the refresh like an expired token', async () => {
    const server = tokenServer(() =>
      Response.json({ code: 404, message: 'User not found' }, { status: 404 }),
    );
    storeTokens('stale', 'refresh-0', T0 + 2 * MIN);
    const tokens = manager({ fetch: server.fetch });
    expect(await tokens.refresh()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('keeps the tokens when the refresh fails for a passing reason and tries again after the cooldown', async () => {
    let down = true;
    const server = tokenServer(() =>
      down
        ? Response.json({ code: 503, message: 'down' }, { status: 503 })
        : Response.json({ access_token: 'back', refresh_token: 'refresh-1' }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const authErrors: unknown[] = [];
    const events = createAuthEvents();
    events.on('authError', (e) => authErrors.push(e));
    storeTokens('stale', 'refresh-0', T0 + 2 * MIN);
    const tokens = manager({ fetch: server.fetch, events });

    expect(await tokens.getValidToken()).toBe('stale'); // not expired yet, still worth sending
    expect(authErrors).toEqual([]);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-0');

    down = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.calls).toHaveLength(2);
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('back');
    expect(warn).toHaveBeenCalledTimes(1); // the failed attempt is logged, not shown
    warn.mockRestore();
  });

  it('emits tokenRefreshed after a successful refresh', async () => {
    const events = createAuthEvents();
    const refreshed: string[] = [];
    events.on('tokenRefreshed', ({ accessToken }) => refreshed.push(accessToken));
    storeTokens('stale', 'refresh-0', T0 + 2 * MIN);
    const tokens = manager({ fetch: tokenServer().fetch, events });
    await tokens.refresh();
    expect(refreshed).toEqual(['access-1']);
  });

  it('refreshes a Firebase session through getIdToken and reads its expiry from the token', async () => {
    const fresh = fakeJwt(T0 / 1000 + 3600);
    const getIdToken = vi.fn(async () => fresh);
    const server = tokenServer();
    const tokens = manager({ fetch: server.fetch });
    tokens.startFirebaseSession(fakeJwt(T0 / 1000 + 300), getIdToken);
    expect(tokens.getState()).toBe('firebase');

    // 5 minutes left: refresh is due now, and the token is not usable (≤ 10 min).
    expect(await tokens.getValidToken()).toBe(fresh);
    expect(getIdToken).toHaveBeenCalledTimes(1);
    expect(server.calls).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.tokenExpiry)).toBe(String(jwtExpiry(fresh)));
  });

  it('ends a Firebase session whose user token expired', async () => {
    const events = createAuthEvents();
    const authErrors: string[] = [];
    events.on('authError', ({ message }) => authErrors.push(message));
    const tokens = manager({ events });
    tokens.startFirebaseSession(fakeJwt(T0 / 1000 + 60), async () => {
      throw Object.assign(new Error('expired'), { code: 'auth/user-token-expired' });
    });
    expect(await tokens.getValidToken()).toBeNull();
    expect(authErrors).toEqual(['Authentication expired']);
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('reports the auth state: unknown, internal or firebase', () => {
    const tokens = manager({ fetch: tokenServer().fetch });
    expect(tokens.getState()).toBe('unknown');
    tokens.startInternalSession({ accessToken: 'a', refreshToken: 'r' });
    expect(tokens.getState()).toBe('internal');
    expect(manager({ fetch: tokenServer().fetch }).getState()).toBe('internal'); // from storage
    tokens.setFirebaseTokenSource(async () => 'id');
    expect(tokens.getState()).toBe('firebase');
    tokens.clearSession();
    expect(tokens.getState()).toBe('unknown');
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('does not send a refresh token that another tab rotated while this one waited for the lock', async () => {
    const server = tokenServer();
    storeTokens('stale', 'refresh-0', T0 + 2 * MIN);
    // Web Locks do not exist in jsdom; this lock lets "another tab" finish its refresh first.
    const crossTabLock = async <T>(task: () => Promise<T>) => {
      storeTokens('other-tab', 'refresh-other', T0 + 60 * MIN);
      return task();
    };
    const tokens = manager({ fetch: server.fetch, crossTabLock });
    expect(await tokens.getValidToken()).toBe('other-tab');
    expect(server.calls).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-other');
  });

  it('re-plans the scheduled refresh when another tab already refreshed', async () => {
    const server = tokenServer();
    const tokens = manager({ fetch: server.fetch });
    tokens.startInternalSession({ accessToken: 'login', refreshToken: 'refresh-0' });
    await vi.advanceTimersByTimeAsync(30 * MIN);
    storeTokens('other-tab', 'refresh-other', T0 + 90 * MIN);

    await vi.advanceTimersByTimeAsync(55 * MIN - 30 * MIN);
    expect(server.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(server.calls.map((c) => c.body.refresh_token)).toEqual(['refresh-other']);
  });

  it('stores nothing from a refresh that finishes after logout', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = tokenServer(async () => {
      await gate;
      return Response.json({ access_token: 'late', refresh_token: 'refresh-1' });
    });
    storeTokens('stale', 'refresh-0', T0 + 2 * MIN);
    const tokens = manager({ fetch: server.fetch });
    const pending = tokens.refresh();
    tokens.clearSession();
    release();
    await pending;
    await vi.advanceTimersByTimeAsync(0);
    // The rotated pair arrived, but the person logged out meanwhile: nothing is resurrected.
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).not.toBe('refresh-1');
  });
});
