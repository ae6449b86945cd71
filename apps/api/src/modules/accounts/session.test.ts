// POST /tokens, PUT /tokens, GET /me and the failed-login limits (docs/accounts.md).
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken } from '../../test/auth';
import { authOverrides, basic, bearer } from '../../test/auth-overrides';
import { resetDatabase } from '../../test/database';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase();
});

const login = (instance: FastifyInstance, headers: Record<string, string>, remoteAddress = '192.0.2.1') =>
  instance.inject({ method: 'POST', url: '/api/tokens', headers, remoteAddress });
const refresh = (access_token: string, refresh_token: string) =>
  app.inject({ method: 'PUT', url: '/api/tokens', payload: { access_token, refresh_token } });

describe('POST /tokens', () => {
  it('exchanges a username and password for an access and a refresh token that GET /me accepts', async () => {
    const { user, password } = await createUserWithToken(app, { username: 'Marlon' });
    // usernames are matched case-insensitively, as their unique index is
    const response = await login(app, basic('marlon', password));
    expect(response.statusCode).toBe(200);
    const tokens = response.json();
    expect(tokens).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    const me = await app.inject({ url: '/api/me', headers: bearer(tokens.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, username: 'Marlon', auth_provider: 'web_client' });
    expect(me.json()).not.toHaveProperty('password_hash');
    expect(me.body).not.toContain('argon2');
  });

  it('answers 401 for a wrong password and for an unknown username', async () => {
    const { user } = await createUserWithToken(app);
    const wrong = await login(app, basic(user.username, 'not-it'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 401, message: 'Invalid username or password.' });
    const unknown = await login(app, basic('nobody-here', 'whatever'));
    expect(unknown.statusCode).toBe(401);
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Bearer abc'],
    ['not base64', 'Basic !!!'],
    ['no colon', `Basic ${Buffer.from('justauser').toString('base64')}`],
    ['empty username', `Basic ${Buffer.from(':pw').toString('base64')}`],
    ['huge', `Basic ${'A'.repeat(20_000)}`],
    ['binary', `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x00]).toString('base64')}`],
  ])('answers 401 in the error shape for a malformed Basic header (%s)', async (_name, header) => {
    const response = await login(app, header ? { authorization: header } : {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, status: 'Unauthorized' });
  });
});

describe('failed-login limits', () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await buildTestApp(
      authOverrides({
        limits: {
          loginPair: { max: 3, windowS: 900 },
          loginAccount: { max: 5, windowS: 3600 },
          loginAddress: { max: 4, windowS: 300 },
        },
      }),
    );
  });
  afterAll(async () => {
    await limited.close();
  });

  it('blocks an account and address pair after its failures with 429 and Retry-After, even for the right password', async () => {
    const { user, password } = await createUserWithToken(limited);
    for (let i = 0; i < 3; i += 1) {
      expect((await login(limited, basic(user.username, 'wrong'), '198.51.100.7')).statusCode).toBe(401);
    }
    const blocked = await login(limited, basic(user.username, password), '198.51.100.7');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(850);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(blocked.json()).toMatchObject({ code: 429 });
    // Another address still signs in: the pair is blocked, not the account.
    expect((await login(limited, basic(user.username, password), '198.51.100.8')).statusCode).toBe(200);
  });

  it('counts in the database, so a second app instance sees the same block', async () => {
    const { user } = await createUserWithToken(limited);
    for (let i = 0; i < 3; i += 1) await login(limited, basic(user.username, 'wrong'), '198.51.100.9');
    const other = await buildTestApp(authOverrides({ limits: { loginPair: { max: 3, windowS: 900 } } }));
    try {
      expect((await login(other, basic(user.username, 'wrong'), '198.51.100.9')).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('limits failures per account across addresses', async () => {
    const { user, password } = await createUserWithToken(limited);
    for (let i = 0; i < 5; i += 1) await login(limited, basic(user.username, 'wrong'), `203.0.113.${i}`);
    const response = await login(limited, basic(user.username, password), '203.0.113.200');
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
  });

  it('limits failures per address across accounts, unknown usernames included', async () => {
    for (let i = 0; i < 4; i += 1) await login(limited, basic(`ghost${i}`, 'wrong'), '192.0.2.99');
    const { user, password } = await createUserWithToken(limited);
    const response = await login(limited, basic(user.username, password), '192.0.2.99');
    expect(response.statusCode).toBe(429);
  });
});

describe('PUT /tokens', () => {
  it('rotates the refresh token: the new pair works, the old refresh token does not', async () => {
    const { accessToken, refreshToken } = await createUserWithToken(app);
    const first = await refresh(accessToken, refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refresh_token).not.toBe(refreshToken);
    expect((await app.inject({ url: '/api/me', headers: bearer(next.access_token) })).statusCode).toBe(200);
    // The web client sends access_token '' when it has none.
    expect((await refresh('', next.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is used again: the newest token stops working too', async () => {
    const { accessToken, refreshToken } = await createUserWithToken(app);
    const rotated = (await refresh(accessToken, refreshToken)).json();
    const reuse = await refresh(accessToken, refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(rotated.access_token, rotated.refresh_token)).statusCode).toBe(401);
  });

  it('answers 401 for an unknown or an expired refresh token', async () => {
    const { accessToken, refreshToken, user } = await createUserWithToken(app);
    expect((await refresh(accessToken, 'not-a-token')).statusCode).toBe(401);
    await app.database.exec(
      `update refresh_tokens set family_expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await refresh(accessToken, refreshToken)).statusCode).toBe(401);
  });

  it("refuses another user's access token next to the refresh token", async () => {
    const alice = await createUserWithToken(app);
    const bob = await createUserWithToken(app);
    expect((await refresh(bob.accessToken, alice.refreshToken)).statusCode).toBe(401);
  });

  it('answers 422 for a body without a refresh token', async () => {
    const response = await app.inject({ method: 'PUT', url: '/api/tokens', payload: { access_token: '' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.json).toHaveProperty('refresh_token');
  });
});

describe('access tokens', () => {
  it.each([
    ['no token', undefined],
    ['garbage', 'Bearer not.a.jwt'],
    ['another scheme', 'Basic abc'],
  ])('GET /me answers 401 in the error shape with %s', async (_name, authorization) => {
    const response = await app.inject({ url: '/api/me', headers: authorization ? { authorization } : {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, status: 'Unauthorized' });
    expect(response.headers['www-authenticate']).toContain('Bearer');
  });

  it('refuses tokens signed with another key, another algorithm, expired, or of a deleted user', async () => {
    const { user, accessToken } = await createUserWithToken(app);
    const claims = { iss: 'cratedig', aud: 'cratedig-api', sub: String(user.id) };
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    const [, payload] = accessToken.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(app.accessTokens.key);
    for (const token of [wrongKey, unsigned, expired]) {
      expect((await app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
    }
    await app.database.exec(`delete from users where id = ${user.id}`);
    expect((await app.inject({ url: '/api/me', headers: bearer(accessToken) })).statusCode).toBe(401);
  });

  it('refuses a token once it expires, though it was accepted a moment before', async () => {
    const { user } = await createUserWithToken(app);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ iss: 'cratedig', aud: 'cratedig-api', sub: String(user.id) })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now)
      .setExpirationTime(now + 5)
      .sign(app.accessTokens.key);
    expect((await app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((now + 6) * 1000);
      const response = await app.inject({ url: '/api/me', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, status: 'Unauthorized' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('logs', () => {
  it('never contain the password or the tokens of a sign-in, a refresh or a failed sign-in', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildTestApp({ logLevel: 'trace' }, { logStream });
    try {
      const { user, password, accessToken, refreshToken } = await createUserWithToken(logged, {
        password: 'hunter2-very-secret',
      });
      await login(logged, basic(user.username, 'wrong-password-zz'));
      const pair = (
        await logged.inject({
          method: 'PUT',
          url: '/api/tokens',
          payload: { access_token: accessToken, refresh_token: refreshToken },
        })
      ).json();
      await logged.inject({ url: '/api/me', headers: bearer(pair.access_token) });
      const text = lines.join('');
      expect(text).toContain('/api/tokens');
      for (const secret of [
        password,
        'wrong-password-zz',
        accessToken,
        refreshToken,
        pair.access_token,
        pair.refresh_token,
      ]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toContain(Buffer.from(`${user.username}:${password}`).toString('base64'));
    } finally {
      await logged.close();
    }
  });
});
