import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrossTabLock } from './cross-tab-lock';
import { firebaseRefresh, internalRefresh, jwtExpiry } from './token-refresh-strategies';
import { createTokenStorage } from './token-storage';

const MIN = 60_000;
const T0 = Date.parse('2025-03-01T12:00:00Z');
const now = () => T0;
const current = () => true;

function fakeJwt(expSeconds: number): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part({ exp: expSeconds, sub: 'uid-1' })}.signature`;
}

/** PUT /api/tokens as the API answers it; records every request. */
function tokenEndpoint(answer: () => Response | Promise<Response>) {
  const sent: { url: string; method?: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), method: init?.method, body: JSON.parse(String(init?.body)) });
    return answer();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, sent };
}

const noLock: CrossTabLock = (task) => task();

describe('our own refresh', () => {
  beforeEach(() => {
    createTokenStorage().saveTokens({ accessToken: 'old', refreshToken: 'refresh-0', expiresAt: T0 + MIN });
  });
  afterEach(() => window.localStorage.clear());

  const refreshWith = (fetch: typeof globalThis.fetch, lock: CrossTabLock = noLock) =>
    internalRefresh({ storage: createTokenStorage(), fetch, apiBase: '/api', now, lock });

  it('rotates the pair through PUT /api/tokens and stores it with a 1 hour lifetime', async () => {
    const api = tokenEndpoint(() => Response.json({ access_token: 'new', refresh_token: 'refresh-1' }));
    const outcome = await refreshWith(api.fetch)(current);
    expect(outcome).toEqual({
      kind: 'ok',
      token: 'new',
      refreshToken: 'refresh-1',
      expiresAt: T0 + 60 * MIN,
    });
    expect(api.sent).toEqual([
      { url: '/api/tokens', method: 'PUT', body: { access_token: 'old', refresh_token: 'refresh-0' } },
    ]);
    expect(createTokenStorage().read()).toEqual({
      accessToken: 'new',
      refreshToken: 'refresh-1',
      expiresAt: T0 + 60 * MIN,
    });
  });

  it.each([400, 401, 403, 404, 422])('ends the session when the API answers %i', async (status) => {
    const api = tokenEndpoint(() => Response.json({ code: status, message: 'no' }, { status }));
    // an answer that does not say the session was ended elsewhere: it merely expired
    expect(await refreshWith(api.fetch)(current)).toEqual({ kind: 'dead', signedOut: false });
  });

  it.each([408, 429, 500, 503])('keeps the session when the API answers %i', async (status) => {
    const api = tokenEndpoint(() => Response.json({ code: status, message: 'later' }, { status }));
    expect((await refreshWith(api.fetch)(current)).kind).toBe('transient');
    expect(createTokenStorage().read().refreshToken).toBe('refresh-0');
  });

  it('keeps the session on a network failure or an answer without a token pair', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    expect((await refreshWith(offline)(current)).kind).toBe('transient');
    const odd = tokenEndpoint(() => Response.json({ access_token: 'only-one' }));
    expect((await refreshWith(odd.fetch)(current)).kind).toBe('transient');
    expect(createTokenStorage().read().accessToken).toBe('old');
  });

  it('ends the session when no refresh token is stored any more', async () => {
    createTokenStorage().clearTokens();
    const api = tokenEndpoint(() => Response.json({}));
    expect(await refreshWith(api.fetch)(current)).toEqual({ kind: 'dead' });
    expect(api.sent).toEqual([]);
  });

  it('uses the pair another tab rotated while this one waited for the lock, and sends nothing', async () => {
    const api = tokenEndpoint(() => Response.json({ access_token: 'x', refresh_token: 'y' }));
    const otherTabFirst: CrossTabLock = async (task) => {
      createTokenStorage().saveTokens({
        accessToken: 'other-tab',
        refreshToken: 'refresh-9',
        expiresAt: T0 + 50 * MIN,
      });
      return task();
    };
    const outcome = await refreshWith(api.fetch, otherTabFirst)(current);
    expect(outcome).toEqual({ kind: 'ok', token: 'other-tab', expiresAt: T0 + 50 * MIN });
    expect(api.sent).toEqual([]);
  });

  it('stores the rotated pair before the lock is released', async () => {
    const api = tokenEndpoint(() => Response.json({ access_token: 'new', refresh_token: 'refresh-1' }));
    let storedWhenReleased: string | null = null;
    const lock: CrossTabLock = async (task) => {
      const result = await task();
      storedWhenReleased = createTokenStorage().read().refreshToken;
      return result;
    };
    await refreshWith(api.fetch, lock)(current);
    expect(storedWhenReleased).toBe('refresh-1');
  });

  it('stores nothing when the session ended while the answer was on its way', async () => {
    const api = tokenEndpoint(() => Response.json({ access_token: 'late', refresh_token: 'refresh-1' }));
    const outcome = await refreshWith(api.fetch)(() => false);
    expect(outcome.kind).toBe('ok');
    expect(createTokenStorage().read().refreshToken).toBe('refresh-0');
  });
});

describe('the Firebase refresh', () => {
  afterEach(() => window.localStorage.clear());
  const deps = () => ({ storage: createTokenStorage(), now });

  it('stores the new ID token with the expiry its exp claim names, keeping the stored refresh token', async () => {
    createTokenStorage().saveTokens({ accessToken: 'old', refreshToken: null, expiresAt: T0 });
    const fresh = fakeJwt(T0 / 1000 + 3600);
    const outcome = await firebaseRefresh(deps(), async () => fresh)(current);
    expect(outcome).toEqual({ kind: 'ok', token: fresh, expiresAt: T0 + 60 * MIN });
    expect(createTokenStorage().read()).toEqual({
      accessToken: fresh,
      refreshToken: null,
      expiresAt: T0 + 60 * MIN,
    });
  });

  it('assumes 1 hour for a token whose expiry cannot be read', async () => {
    const outcome = await firebaseRefresh(deps(), async () => 'not-a-jwt')(current);
    expect(outcome).toEqual({ kind: 'ok', token: 'not-a-jwt', expiresAt: T0 + 60 * MIN });
  });

  it.each([
    'auth/user-token-expired',
    'auth/user-not-found',
    'auth/user-disabled',
    'auth/invalid-user-token',
  ])('ends the session on %s', async (code) => {
    const source = async () => Promise.reject(Object.assign(new Error(code), { code }));
    expect(await firebaseRefresh(deps(), source)(current)).toEqual({ kind: 'dead' });
  });

  it('ends the session when the provider has no signed-in user', async () => {
    expect(await firebaseRefresh(deps(), async () => null)(current)).toEqual({ kind: 'dead' });
  });

  it('keeps the session when the provider fails for a passing reason', async () => {
    const source = async () =>
      Promise.reject(Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }));
    expect((await firebaseRefresh(deps(), source)(current)).kind).toBe('transient');
  });

  it('stores nothing when the session ended meanwhile', async () => {
    await firebaseRefresh(deps(), async () => fakeJwt(T0 / 1000 + 3600))(() => false);
    expect(createTokenStorage().read().accessToken).toBeNull();
  });
});

describe('reading a JWT expiry', () => {
  it('reads exp in milliseconds, and null for anything that is not a readable JWT', () => {
    expect(jwtExpiry(fakeJwt(1_700_000_000))).toBe(1_700_000_000_000);
    expect(jwtExpiry('opaque-token')).toBeNull();
    expect(jwtExpiry('a.!!!.c')).toBeNull();
    expect(jwtExpiry(`a.${btoa(JSON.stringify({ exp: 'soon' }))}.c`)).toBeNull();
  });
});
