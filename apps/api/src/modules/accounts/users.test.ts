// Registration, the username lookup, and the signed-in user's own settings (docs/accounts.md).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createUserWithToken, randomAddress } from '../../test/auth';
import { authOverrides, bearer } from '../../test/auth-overrides';
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

const register = (payload: Record<string, unknown>, instance = app, remoteAddress = randomAddress()) =>
  instance.inject({ method: 'POST', url: '/api/users', payload, remoteAddress });
const valid = {
  username: 'nina',
  email: 'nina@example.test',
  password: 'nina-digs-deep',
  auth_provider: 'web_client',
};

describe('POST /users (registration)', () => {
  it('creates the account with the defaults of docs/accounts.md and never returns the password', async () => {
    const response = await register({ ...valid, about_me: 'Deep house digger' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      username: 'nina',
      email: 'nina@example.test',
      about_me: 'Deep house digger',
      avatar_url: null,
      firebase_uid: null,
      auth_provider: 'web_client',
      is_firebase_user: false,
      soundcloud_url: null,
      user_type: ['listener'],
      notification_timeframe: 'daily',
      notification_preferences_enabled: true,
      completed_onboarding: false,
      identifications_accepted: 0,
    });
    const [row] = (
      (await app.db.execute('select password_hash from users')) as unknown as {
        rows: { password_hash: string }[];
      }
    ).rows;
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('about_me is optional', async () => {
    const { about_me: _unused, ...rest } = { ...valid, about_me: '' };
    expect((await register(rest)).json().about_me).toBe('');
  });

  it.each([
    ['password', { password: 'ab' }, 'Password must have at least 8 characters'],
    ['password', { password: 'pw1' }, 'Password must have at least 8 characters'],
    [
      'password',
      { password: 'iloveyou' },
      'This password is too common and easy to guess. Choose another one.',
    ],
    [
      'password',
      { username: 'nina.digs', password: 'NINA.DIGS' },
      'This password is too common and easy to guess. Choose another one.',
    ],
    ['password', { password: undefined }, 'Missing data for required field.'],
    ['username', { username: '' }, 'Missing data for required field.'],
    ['username', { username: undefined }, 'Missing data for required field.'],
    ['username', { username: 'x'.repeat(300) }, 'At most 254 characters.'],
    ['email', { email: 'not-an-email' }, 'Not a valid email address.'],
    ['email', { email: undefined }, 'Missing data for required field.'],
    ['auth_provider', { auth_provider: 'internal' }, undefined],
    ['about_me', { about_me: 42 }, undefined],
  ])('answers 422 naming %s for %j', async (field, change, message) => {
    const response = await register({ ...valid, ...change });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors.json;
    expect(errors).toHaveProperty(field);
    if (message) expect(errors[field]).toContain(message);
  });

  it('answers 422 for a duplicate username or email, whatever their case', async () => {
    expect((await register(valid)).statusCode).toBe(200);
    const both = await register({ ...valid, username: 'NINA', email: 'Nina@Example.test' });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.json).toEqual({
      username: ['This username is already taken, please use a different one'],
      email: ['This email is already taken, please use a different one'],
    });
    const email = await register({ ...valid, username: 'other' });
    expect(Object.keys(email.json().errors.json)).toEqual(['email']);
  });

  it('answers 4xx, never 500, to hostile bodies', async () => {
    const bodies: unknown[] = [
      { ...valid, password: 'p'.repeat(100_000) },
      { ...valid, about_me: 'a'.repeat(500_000) },
      { ...valid, username: { $gt: '' } },
      [valid],
      'null',
    ];
    for (const payload of bodies) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/users',
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
        remoteAddress: randomAddress(),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('is rate limited per client address', async () => {
    const limited = await buildTestApp(authOverrides({ limits: { register: { max: 2, windowS: 3600 } } }));
    try {
      for (const n of [1, 2]) {
        const body = { ...valid, username: `u${n}`, email: `u${n}@example.test` };
        expect((await register(body, limited, '192.0.2.50')).statusCode).toBe(200);
      }
      const third = await register(
        { ...valid, username: 'u3', email: 'u3@example.test' },
        limited,
        '192.0.2.50',
      );
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /users/un/{username}', () => {
  it('tells how an account signs in, and nothing more', async () => {
    await createUserWithToken(app, { username: 'paula' });
    const response = await app.inject({ url: '/api/users/un/PAULA' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ is_firebase_user: false, auth_provider: 'web_client' });
  });

  it('answers 404 for an unknown username', async () => {
    const response = await app.inject({ url: '/api/users/un/nobody' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404 });
  });

  it('is rate limited per client address', async () => {
    const limited = await buildTestApp(
      authOverrides({ limits: { usernameLookup: { max: 3, windowS: 60 } } }),
    );
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        codes.push(
          (await limited.inject({ url: `/api/users/un/x${i}`, remoteAddress: '192.0.2.60' })).statusCode,
        );
      }
      expect(codes).toEqual([404, 404, 404, 429]);
      // Another address is not affected.
      expect((await limited.inject({ url: '/api/users/un/x', remoteAddress: '192.0.2.61' })).statusCode).toBe(
        404,
      );
    } finally {
      await limited.close();
    }
  });
});

describe('the signed-in user’s own settings', () => {
  it('PUT /me/notification-preferences saves the timeframe and the switch', async () => {
    const { headers } = await createUserWithToken(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      headers,
      payload: { notification_timeframe: 'weekly', notification_preferences_enabled: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      notification_timeframe: 'weekly',
      notification_preferences_enabled: false,
    });
    const me = (await app.inject({ url: '/api/me', headers })).json();
    expect(me.notification_timeframe).toBe('weekly');
  });

  it.each([
    [{ notification_timeframe: 'hourly', notification_preferences_enabled: true }, 'notification_timeframe'],
    [
      { notification_timeframe: 'daily', notification_preferences_enabled: 'yes' },
      'notification_preferences_enabled',
    ],
    [{ notification_timeframe: 'daily' }, 'notification_preferences_enabled'],
  ])('PUT /me/notification-preferences answers 422 for %j', async (payload, field) => {
    const { headers } = await createUserWithToken(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/notification-preferences',
      headers,
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.json).toHaveProperty(field);
  });

  it('PUT /me/profile-update saves the profile; an empty user_type means listener', async () => {
    const { headers } = await createUserWithToken(app);
    const update = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/me/profile-update', headers, payload });
    const first = await update({
      about_me: 'Label owner',
      soundcloud_url: 'https://soundcloud.com/nina',
      user_type: ['dj', 'label', 'dj'],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      about_me: 'Label owner',
      soundcloud_url: 'https://soundcloud.com/nina',
      user_type: ['dj', 'label'],
    });
    const cleared = await update({ about_me: '', soundcloud_url: '', user_type: [] });
    expect(cleared.json()).toMatchObject({ about_me: '', soundcloud_url: null, user_type: ['listener'] });
  });

  it.each([
    [{ about_me: '', soundcloud_url: 'javascript:alert(1)', user_type: [] }, 'soundcloud_url'],
    [{ about_me: '', soundcloud_url: null, user_type: ['admin'] }, 'user_type.0'],
    [{ soundcloud_url: null, user_type: [] }, 'about_me'],
    [{ about_me: 'a'.repeat(1001), soundcloud_url: null, user_type: [] }, 'about_me'],
    [
      { about_me: '', soundcloud_url: `https://soundcloud.com/${'a'.repeat(178)}`, user_type: [] },
      'soundcloud_url',
    ],
  ])('PUT /me/profile-update answers 422 for %j, and changes nothing', async (payload, field) => {
    const { headers } = await createUserWithToken(app, { about_me: 'as before' });
    const response = await app.inject({ method: 'PUT', url: '/api/me/profile-update', headers, payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.json).toHaveProperty(field);
    const me = await app.inject({ url: '/api/me', headers });
    expect(me.json()).toMatchObject({ about_me: 'as before', soundcloud_url: null });
  });

  it('PUT /me/profile-update takes About and the link up to their limits, the link stored percent-encoded', async () => {
    const { headers } = await createUserWithToken(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/profile-update',
      headers,
      payload: { about_me: 'a'.repeat(1000), soundcloud_url: ' soundcloud.com/dj kesa', user_type: [] },
    });
    expect(response.statusCode, response.body).toBe(422);
    const fixed = await app.inject({
      method: 'PUT',
      url: '/api/me/profile-update',
      headers,
      payload: {
        about_me: 'a'.repeat(1000),
        soundcloud_url: 'https://soundcloud.com/dj kesa',
        user_type: [],
      },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().soundcloud_url).toBe('https://soundcloud.com/dj%20kesa');
  });

  it('POST /me/onboarding completes onboarding, with or without a JSON content type', async () => {
    const { headers } = await createUserWithToken(app);
    const bare = await app.inject({ method: 'POST', url: '/api/me/onboarding', headers });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().completed_onboarding).toBe(true);
    const labelled = await app.inject({
      method: 'POST',
      url: '/api/me/onboarding',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(labelled.statusCode).toBe(200);
  });

  it('acts only as the token’s user: another user’s token changes that user, never this one', async () => {
    const alice = await createUserWithToken(app, { about_me: 'alice' });
    const bob = await createUserWithToken(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/profile-update',
      headers: bob.headers,
      // a user id in the body is not part of the call, and is ignored
      payload: { id: alice.user.id, about_me: 'hacked', soundcloud_url: null, user_type: [] },
    });
    expect(response.json().id).toBe(bob.user.id);
    const aliceNow = (await app.inject({ url: '/api/me', headers: alice.headers })).json();
    expect(aliceNow.about_me).toBe('alice');
  });

  it.each([
    ['PUT', '/api/me/notification-preferences'],
    ['PUT', '/api/me/profile-update'],
    ['POST', '/api/me/onboarding'],
    ['GET', '/api/me'],
  ] as const)('%s %s answers 401 without a valid token', async (method, url) => {
    const response = await app.inject({ method, url, headers: bearer('nope'), payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401 });
  });
});

describe('GET /client-config', () => {
  it('gives the web app the identity-provider settings and the mail sender, without a token', async () => {
    const response = await app.inject({ url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      firebase: {
        api_key: 'demo-api-key',
        auth_domain: 'demo-cratedig.firebaseapp.com',
        project_id: 'demo-cratedig',
        emulator_url: null,
        // the default demo project without the emulator: Google and Apple cannot sign anyone in
        enabled: false,
      },
      mail_from: 'Cratedig <no-reply@cratedig.app>',
    });
  });
});
