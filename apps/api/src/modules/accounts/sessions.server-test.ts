// Ending a session on one instance while another serves it, on one PostgreSQL server (CI's
// PostgreSQL pass runs *.server-test.ts): the refresh token is refused everywhere at once, the
// access tokens within the session check's bound (SESSION_CHECK_TTL_S; 1 s here instead of 30 s).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken } from '../../test/auth';
import { basic, bearer } from '../../test/auth-overrides';
import { openTwoInstances, type TwoInstances } from '../../test/two-instances';

const CHECK_TTL_MS = 1_000;
let instances: TwoInstances | undefined;
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  instances = await openTwoInstances({ sessionCheckTtlMs: CHECK_TTL_MS });
  ({ first, second } = instances);
});
afterAll(() => instances?.close());

const me = (app: FastifyInstance, accessToken: string) =>
  app.inject({ url: '/api/me', headers: bearer(accessToken) });
const refresh = (app: FastifyInstance, refresh_token: string) =>
  app.inject({ method: 'PUT', url: '/api/tokens', payload: { access_token: '', refresh_token } });

/** Milliseconds until `app` refuses the access token (polling), or Infinity past `limitMs`. */
async function msUntilRefused(app: FastifyInstance, accessToken: string, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if ((await me(app, accessToken)).statusCode === 401) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Number.POSITIVE_INFINITY;
}

describe('a session ended on one instance', () => {
  it('is refused on the other: its refresh token at once, its access token within the bound', async () => {
    const { accessToken, refreshToken } = await createUserWithToken(first);
    // The second instance has checked the session and remembers it live.
    expect((await me(second, accessToken)).statusCode).toBe(200);

    const ended = await first.inject({
      method: 'DELETE',
      url: '/api/tokens',
      headers: bearer(accessToken),
      payload: { refresh_token: refreshToken },
    });
    expect(ended.statusCode).toBe(204);
    expect((await refresh(second, refreshToken)).statusCode).toBe(401);
    expect((await me(first, accessToken)).statusCode).toBe(401);
    // The bound plus one second for a loaded machine.
    expect(await msUntilRefused(second, accessToken, CHECK_TTL_MS + 1_000)).toBeLessThanOrEqual(
      CHECK_TTL_MS + 1_000,
    );
  });

  it('signing out everywhere on one instance ends the sessions served by the other', async () => {
    const { user, password, accessToken, refreshToken } = await createUserWithToken(first);
    const signIn = await second.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: basic(user.username, password),
    });
    const other = signIn.json() as { access_token: string; refresh_token: string };
    expect((await me(first, other.access_token)).statusCode).toBe(200);

    expect(
      (await second.inject({ method: 'DELETE', url: '/api/me/sessions', headers: bearer(accessToken) }))
        .statusCode,
    ).toBe(204);
    for (const token of [refreshToken, other.refresh_token]) {
      expect((await refresh(first, token)).statusCode).toBe(401);
    }
    expect((await me(second, other.access_token)).statusCode).toBe(401);
    expect(await msUntilRefused(first, other.access_token, CHECK_TTL_MS + 1_000)).toBeLessThanOrEqual(
      CHECK_TTL_MS + 1_000,
    );
  });
});
