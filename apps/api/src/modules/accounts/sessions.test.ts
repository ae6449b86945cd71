// Ending sessions on one instance: DELETE /tokens (Logout), DELETE /me/sessions (Sign out everywhere).
// Two instances on one PostgreSQL: sessions.server-test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, emulatorGoogleSignIn, emulatorHost, waitForEmulator } from '../../test/auth';
import { authOverrides, basic, bearer } from '../../test/auth-overrides';
import { resetDatabase } from '../../test/database';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp(authOverrides({ firebaseAuthEmulatorHost: emulatorHost() }));
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase();
});

const me = (accessToken: string) => app.inject({ url: '/api/me', headers: bearer(accessToken) });
const refresh = (refresh_token: string) =>
  app.inject({ method: 'PUT', url: '/api/tokens', payload: { access_token: '', refresh_token } });
const logout = (accessToken: string, refresh_token: unknown) =>
  app.inject({
    method: 'DELETE',
    url: '/api/tokens',
    headers: bearer(accessToken),
    payload: { refresh_token },
  });
const signOutEverywhere = (accessToken: string) =>
  app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: bearer(accessToken) });

async function signIn(username: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: basic(username, password),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { access_token: string; refresh_token: string };
}

describe('DELETE /tokens (Logout)', () => {
  it('ends that session: its refresh token is refused and its access token at once; other sessions go on', async () => {
    const { user, password, accessToken, refreshToken } = await createUserWithToken(app);
    const other = await signIn(user.username, password);

    const response = await logout(accessToken, refreshToken);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const refused = await refresh(refreshToken);
    expect(refused.statusCode).toBe(401);
    const ended = await me(accessToken);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({
      code: 401,
      status: 'Unauthorized',
      message: 'This session has been signed out. Please sign in again.',
    });

    expect((await me(other.access_token)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('ends every token of the session, those issued before a refresh and after it', async () => {
    const { accessToken, refreshToken } = await createUserWithToken(app);
    const rotated = await refresh(refreshToken);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json() as { access_token: string; refresh_token: string };

    // The client may still hold the spent refresh token; it names the same session.
    expect((await logout(next.access_token, refreshToken)).statusCode).toBe(204);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
    expect((await me(accessToken)).statusCode).toBe(401);
    expect((await me(next.access_token)).statusCode).toBe(401);
  });

  it('answers 204 again for a session already ended, so a repeated Logout is harmless', async () => {
    const { accessToken, refreshToken, password, user } = await createUserWithToken(app);
    const other = await signIn(user.username, password);
    expect((await logout(accessToken, refreshToken)).statusCode).toBe(204);
    expect((await logout(other.access_token, refreshToken)).statusCode).toBe(204);
    expect((await me(other.access_token)).statusCode).toBe(200);
  });

  it('refuses another user’s refresh token (404) and leaves that session alone', async () => {
    const mine = await createUserWithToken(app);
    const theirs = await createUserWithToken(app);
    const response = await logout(mine.accessToken, theirs.refreshToken);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, status: 'Not Found' });
    expect((await me(theirs.accessToken)).statusCode).toBe(200);
    expect((await refresh(theirs.refreshToken)).statusCode).toBe(200);
    expect((await me(mine.accessToken)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown refresh token and 4xx in the error shape for a bad body', async () => {
    const { accessToken } = await createUserWithToken(app);
    expect((await logout(accessToken, 'no-such-token')).statusCode).toBe(404);
    for (const payload of [
      undefined,
      {},
      { refresh_token: '' },
      { refresh_token: 42 },
      { refresh_token: 'x'.repeat(5000) },
    ]) {
      const response = await app.inject({
        method: 'DELETE',
        url: '/api/tokens',
        headers: bearer(accessToken),
        ...(payload === undefined ? {} : { payload }),
      });
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(response.json()).toHaveProperty('code', response.statusCode);
    }
    expect((await me(accessToken)).statusCode).toBe(200);
  });

  it('needs the access token', async () => {
    const { refreshToken } = await createUserWithToken(app);
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/tokens',
      payload: { refresh_token: refreshToken },
    });
    expect(response.statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(200);
  });
});

describe('DELETE /me/sessions (Sign out everywhere)', () => {
  it('ends every session of the user and only theirs; signing in again works', async () => {
    const { user, password, accessToken, refreshToken } = await createUserWithToken(app);
    const second = await signIn(user.username, password);
    const someoneElse = await createUserWithToken(app);

    const response = await signOutEverywhere(second.access_token);
    expect(response.statusCode).toBe(204);
    for (const token of [accessToken, second.access_token]) expect((await me(token)).statusCode).toBe(401);
    for (const token of [refreshToken, second.refresh_token])
      expect((await refresh(token)).statusCode).toBe(401);

    expect((await me(someoneElse.accessToken)).statusCode).toBe(200);
    const again = await signIn(user.username, password);
    expect((await me(again.access_token)).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/api/me/sessions' })).statusCode).toBe(401);
  });

  describe('with the identity provider', () => {
    // The emulator starts with the run and may take minutes on a loaded machine.
    beforeAll(async () => {
      await waitForEmulator(emulatorHost(), 170_000);
    }, 180_000);

    it('ends a Google sign-in made before it; a sign-in after it works', async () => {
      const email = `everywhere${Date.now()}@example.test`;
      const first = await emulatorGoogleSignIn(email, 'Everywhere');
      const created = await app.inject({
        method: 'POST',
        url: '/api/users',
        headers: bearer(first.idToken),
        payload: { firebase_uid: first.uid, username: email, email },
      });
      expect(created.statusCode).toBe(200);
      expect((await me(first.idToken)).statusCode).toBe(200);
      // Sign-in times are whole seconds: let this one fall in an earlier second than the sign-out.
      await new Promise((resolve) => setTimeout(resolve, 1_100));

      expect((await signOutEverywhere(first.idToken)).statusCode).toBe(204);
      const ended = await me(first.idToken);
      expect(ended.statusCode).toBe(401);
      expect(ended.json().message).toBe('This session has been signed out. Please sign in again.');

      const later = await emulatorGoogleSignIn(email, 'Everywhere');
      expect((await me(later.idToken)).statusCode).toBe(200);
    });
  });
});
