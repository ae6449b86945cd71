// Identity-provider sign-in against the real Firebase Auth emulator (docs/accounts.md steps 1-4;
// docs/accounts.md: the Firebase routes need a token whose verified email, and uid for creation, match).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import {
  createUserWithToken,
  emulatorGoogleSignIn,
  emulatorPasswordSignUp,
  waitForEmulator,
} from '../../test/auth';
import { authOverrides, bearer } from '../../test/auth-overrides';
import { resetDatabase } from '../../test/database';

let app: FastifyInstance;
let host: string;
beforeAll(async () => {
  host = await waitForEmulator();
  app = await buildTestApp(authOverrides({ firebaseAuthEmulatorHost: host }));
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase();
});

let n = 0;
const freshEmail = () => {
  n += 1;
  return `dj${Date.now()}-${n}@example.test`;
};
const lookup = (email: string, token: string) =>
  app.inject({ url: `/api/users/${encodeURIComponent(email)}`, headers: bearer(token) });
const createSocial = (token: string, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/users', headers: bearer(token), payload: body });

describe('first social sign-in', () => {
  it('creates the account as docs/accounts.md says, and the next sign-in finds the same account', async () => {
    const email = freshEmail();
    const { idToken, uid } = await emulatorGoogleSignIn(email, 'Ann Annie');
    expect((await lookup(email, idToken)).statusCode).toBe(404);

    const created = await createSocial(idToken, {
      firebase_uid: uid,
      username: 'ignored',
      email,
      about_me: 'Ann Annie',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      username: email,
      email,
      about_me: 'Ann Annie',
      firebase_uid: uid,
      auth_provider: 'google',
      is_firebase_user: true,
      completed_onboarding: false,
    });

    // The Firebase token now signs the user in to every signed-in route.
    const me = await app.inject({ url: '/api/me', headers: bearer(idToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(created.json().id);

    const again = await emulatorGoogleSignIn(email, 'Ann Annie');
    expect(again.uid).toBe(uid);
    const found = await lookup(email, again.idToken);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: created.json().id, firebase_uid: uid });
    // The password login is told to send this user to the provider (docs/accounts.md "Password login").
    const byName = await app.inject({ url: `/api/users/un/${encodeURIComponent(email)}` });
    expect(byName.json()).toEqual({ is_firebase_user: true, auth_provider: 'google' });
  });

  it('uses the token’s display name when the client sends no about_me, and empty without one', async () => {
    const email = freshEmail();
    const { idToken, uid } = await emulatorGoogleSignIn(email, 'Deep Digger');
    const created = await createSocial(idToken, { firebase_uid: uid, username: email, email });
    expect(created.json().about_me).toBe('Deep Digger');
  });

  it('refuses a body whose uid or email is not the token’s (403), and no token at all (401)', async () => {
    const email = freshEmail();
    const { idToken, uid } = await emulatorGoogleSignIn(email, 'Ann');
    const otherUid = await createSocial(idToken, { firebase_uid: 'someone-else', username: email, email });
    expect(otherUid.statusCode).toBe(403);
    const otherEmail = freshEmail();
    const wrongEmail = await createSocial(idToken, {
      firebase_uid: uid,
      username: otherEmail,
      email: otherEmail,
    });
    expect(wrongEmail.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { firebase_uid: uid, username: email, email },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await lookup(email, idToken)).statusCode).toBe(404);
  });

  it('answers 422 on the email when a password account already has it; PUT /users/auth-id links it instead', async () => {
    const email = freshEmail();
    const existing = await createUserWithToken(app, { email });
    const { idToken, uid } = await emulatorGoogleSignIn(email, 'Ann');
    const duplicate = await createSocial(idToken, { firebase_uid: uid, username: email, email });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.json).toHaveProperty('email');

    const found = await lookup(email, idToken);
    expect(found.json()).toMatchObject({ id: existing.user.id, firebase_uid: null });
    const linked = await app.inject({
      method: 'PUT',
      url: '/api/users/auth-id',
      headers: bearer(idToken),
      payload: { id: String(existing.user.id), firebase_uid: uid, auth_provider: 'google' },
    });
    expect(linked.statusCode).toBe(200);
    // Still has its password, so it is not a provider-only account.
    expect(linked.json()).toMatchObject({
      id: existing.user.id,
      firebase_uid: uid,
      auth_provider: 'google',
      is_firebase_user: false,
    });
    expect((await app.inject({ url: '/api/me', headers: bearer(idToken) })).json().id).toBe(existing.user.id);
  });
});

describe('who may look up and link', () => {
  it('GET /users/{email} with a token for another email answers 403', async () => {
    const victim = await createUserWithToken(app);
    const { idToken } = await emulatorGoogleSignIn(freshEmail(), 'Mallory');
    const response = await lookup(victim.user.email, idToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403 });
    expect(response.body).not.toContain(victim.user.email);
  });

  it('GET /users/{email} refuses an unverified email (403), our own access token and no token (401)', async () => {
    const email = freshEmail();
    const unverified = await emulatorPasswordSignUp(email);
    expect((await lookup(email, unverified.idToken)).statusCode).toBe(403);
    const ours = await createUserWithToken(app);
    expect((await lookup(ours.user.email, ours.accessToken)).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/users/${encodeURIComponent(email)}` })).statusCode).toBe(401);
  });

  it('PUT /users/auth-id cannot take over another user’s account, nor link someone else’s uid', async () => {
    const victim = await createUserWithToken(app);
    const { idToken, uid } = await emulatorGoogleSignIn(freshEmail(), 'Mallory');
    const takeover = await app.inject({
      method: 'PUT',
      url: '/api/users/auth-id',
      headers: bearer(idToken),
      payload: { id: String(victim.user.id), firebase_uid: uid, auth_provider: 'google' },
    });
    expect(takeover.statusCode).toBe(403);
    const own = await emulatorGoogleSignIn(victim.user.email, 'Victim');
    const foreignUid = await app.inject({
      method: 'PUT',
      url: '/api/users/auth-id',
      headers: bearer(own.idToken),
      payload: { id: String(victim.user.id), firebase_uid: uid, auth_provider: 'google' },
    });
    expect(foreignUid.statusCode).toBe(403);
    const victimNow = (await app.inject({ url: '/api/me', headers: victim.headers })).json();
    expect(victimNow.firebase_uid).toBeNull();
  });

  it('PUT /users/auth-id validates its body (422) and answers 404 for an unknown id', async () => {
    const email = freshEmail();
    const { idToken, uid } = await emulatorGoogleSignIn(email, 'Ann');
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/users/auth-id',
      headers: bearer(idToken),
      payload: { id: 'abc', firebase_uid: uid },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors.json).sort()).toEqual(['auth_provider', 'id']);
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/users/auth-id',
      headers: bearer(idToken),
      payload: { id: '999999', firebase_uid: uid, auth_provider: 'google' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a Firebase token without an account is not signed in to Cratedig', async () => {
    const { idToken } = await emulatorGoogleSignIn(freshEmail(), 'New');
    expect((await app.inject({ url: '/api/me', headers: bearer(idToken) })).statusCode).toBe(401);
  });

  it('GET /client-config names the emulator while it is on', async () => {
    const response = await app.inject({ url: '/api/client-config' });
    expect(response.json().firebase.emulator_url).toBe(`http://${host}`);
  });
});

describe('with the emulator setting off', () => {
  it('refuses the emulator’s unsigned tokens everywhere', async () => {
    const email = freshEmail();
    const { idToken, uid } = await emulatorGoogleSignIn(email, 'Ann');
    const created = await createSocial(idToken, { firebase_uid: uid, username: email, email });
    expect(created.statusCode).toBe(200);
    const strict = await buildTestApp();
    try {
      for (const response of [
        await strict.inject({ url: '/api/me', headers: bearer(idToken) }),
        await strict.inject({ url: `/api/users/${encodeURIComponent(email)}`, headers: bearer(idToken) }),
        await strict.inject({
          method: 'PUT',
          url: '/api/users/auth-id',
          headers: bearer(idToken),
          payload: { id: String(created.json().id), firebase_uid: uid, auth_provider: 'google' },
        }),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 401 });
      }
    } finally {
      await strict.close();
    }
  });
});
