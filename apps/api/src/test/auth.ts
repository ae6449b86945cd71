// Signed-in users for API tests: registered through the real endpoints (POST /users, POST /tokens),
// and real Firebase ID tokens minted by the Auth emulator that globalSetup started.
import { randomBytes } from 'node:crypto';
import type { User } from '@cratedig/contract/user';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Firebase Auth emulator (src/test/firebase-emulator-setup.ts). */
    firebaseAuthEmulatorHost: string;
  }
}

export interface UserOverrides {
  username?: string;
  email?: string;
  password?: string;
  about_me?: string;
}

export interface SignedInUser {
  user: User;
  accessToken: string;
  refreshToken: string;
  password: string;
  /** `{ authorization: 'Bearer …' }`, ready for app.inject. */
  headers: { authorization: string };
}

let sequence = 0;

/** A fresh client address per call, so the per-address registration limit never trips a test. */
export function randomAddress(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

export async function createUserWithToken(
  app: FastifyInstance,
  overrides: UserOverrides = {},
): Promise<SignedInUser> {
  sequence += 1;
  const tag = `${sequence}${randomBytes(3).toString('hex')}`;
  const password = overrides.password ?? `secret-${tag}`;
  const body = {
    username: overrides.username ?? `user${tag}`,
    email: overrides.email ?? `user${tag}@example.test`,
    password,
    about_me: overrides.about_me ?? '',
    auth_provider: 'web_client',
  };
  const remoteAddress = randomAddress();
  const created = await app.inject({ method: 'POST', url: '/api/users', payload: body, remoteAddress });
  if (created.statusCode !== 200)
    throw new Error(`registration failed: ${created.statusCode} ${created.body}`);
  const user = created.json() as User;
  const basic = Buffer.from(`${body.username}:${password}`).toString('base64');
  const tokens = await app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: { authorization: `Basic ${basic}` },
    remoteAddress,
  });
  if (tokens.statusCode !== 200) throw new Error(`sign-in failed: ${tokens.statusCode} ${tokens.body}`);
  const { access_token: accessToken, refresh_token: refreshToken } = tokens.json() as {
    access_token: string;
    refresh_token: string;
  };
  return { user, accessToken, refreshToken, password, headers: { authorization: `Bearer ${accessToken}` } };
}

/** The emulator's host:port, as the api project's globalSetup provided it. */
export function emulatorHost(): string {
  return inject('firebaseAuthEmulatorHost');
}

/** Resolves once the emulator answers (globalSetup does not wait for its ~10 s start). */
export async function waitForEmulator(host = emulatorHost(), timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`http://${host}/`)).ok) return host;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the Firebase Auth emulator at ${host} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Signs in to the Auth emulator with a fake Google credential: a real (unsigned) emulator ID token
 * with sign_in_provider google.com and a verified email. The same email gives the same uid again.
 */
export async function emulatorGoogleSignIn(
  email: string,
  name: string,
  host = emulatorHost(),
): Promise<{ idToken: string; uid: string }> {
  const sub = `google-${Buffer.from(email).toString('hex').slice(0, 40)}`;
  const credential = JSON.stringify({ sub, email, email_verified: true, name });
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${credential}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnIdpCredential: true,
        returnSecureToken: true,
      }),
    },
  );
  const body = (await response.json()) as { idToken?: string; localId?: string };
  if (!response.ok || !body.idToken || !body.localId) {
    throw new Error(`emulator sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return { idToken: body.idToken, uid: body.localId };
}

/** An email/password emulator account: its token's email is NOT verified. */
export async function emulatorPasswordSignUp(
  email: string,
  password = 'emulator-password',
  host = emulatorHost(),
): Promise<{ idToken: string; uid: string }> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; localId?: string };
  if (!response.ok || !body.idToken || !body.localId) {
    throw new Error(`emulator sign-up failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return { idToken: body.idToken, uid: body.localId };
}
