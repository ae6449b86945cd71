// Bearer-token authentication (docs/accounts.md): our access token (HS256 JWT, 1 h) or
// a Firebase ID token. Routes opt in with `{ onRequest: app.authenticate }` (a signed-in user is
// required) or `{ onRequest: app.authenticateFirebase }` (a verified Firebase identity is required,
// with or without an account yet: GET /users/{email}, social POST /users, PUT /users/auth-id).
import { SESSION_ENDED_MESSAGE } from '@cratedig/contract/session-ended';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type App as FirebaseApp, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { type AppConfig, resolveJwtSecret } from '../config';
import type { Db } from '../db/client';
import { unauthorized } from '../lib/http-errors';
import { type SessionRevocations, sessionRevocations } from '../lib/session-revocations';
import {
  ACCESS_TOKEN_ISSUER,
  ACCESS_TOKEN_TTL_S,
  type AccessClaims,
  type AccessTokenKey,
  accessTokenKey,
  verifyAccessClaims,
} from '../lib/tokens';

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  firebaseUid: string | null;
  authProvider: string | null;
  /** Sign-ins through the identity provider from before this instant are refused. */
  sessionsRevokedAt: Date | null;
}

/** The verified claims of a Firebase ID token. */
export interface FirebaseIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** e.g. 'google.com', 'apple.com', 'password'. */
  signInProvider: string | null;
  /** The provider's display name, when it gave one. */
  name: string | null;
  /** When the person signed in to the provider (epoch seconds); refreshed tokens keep it. */
  authTimeS: number | null;
}

/**
 * What the plugin reads of the accounts: the accounts module owns the users and their sessions, and
 * app.ts passes its answer in (modules/accounts/service.ts, authAccounts), so the plugin never
 * imports a module.
 */
export interface AuthAccounts {
  /** The user behind one of our access tokens, or null when the account is gone. */
  userById(db: Db, id: number): Promise<AuthUser | null>;
  /** The user linked to a Firebase identity, or null when there is none yet. */
  userByFirebaseUid(db: Db, firebaseUid: string): Promise<AuthUser | null>;
  /** Whether a session (a refresh token family) was revoked. */
  isSessionRevoked(db: Db, sessionId: string): Promise<boolean>;
}

type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    firebase: FirebaseIdentity | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless the bearer token is valid and belongs to an existing user. */
    authenticate: AuthHook;
    /** onRequest hook: 401 unless the bearer token is a valid Firebase ID token. */
    authenticateFirebase: AuthHook;
    /** Sets request.user / request.firebase from a valid token, or leaves them null; never throws 401. */
    identify: AuthHook;
    /** Signs our access tokens (the accounts module issues them). */
    accessTokens: AccessTokenKey;
    /** Which sessions are revoked, as this process last saw (the accounts module revokes them). */
    sessions: SessionRevocations;
  }
}

/** The signed-in user of a route behind app.authenticate (throws 401 if there is none). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The verified Firebase identity of a route behind app.authenticateFirebase (401 if none). */
export function requireFirebase(request: FastifyRequest): FirebaseIdentity {
  if (!request.firebase) throw unauthorized('A Firebase ID token is required.');
  return request.firebase;
}

const INVALID_TOKEN = 'The token is invalid or has expired.';
const SESSION_ENDED = SESSION_ENDED_MESSAGE;

/**
 * How long this process reuses the user row behind one of our access tokens on a read (one query
 * fewer per request; docs/decisions/0006). The consequence: an account deleted by another process (no
 * endpoint deletes one) keeps working on GETs for at most this long here, inside the token's own 1 h
 * life anyway. Writes never use the cache and drop the entry, so a change of one's own account is
 * seen by the next request. Per process, not shared state: another instance simply has its own.
 */
export const USER_CACHE_TTL_MS = 10_000;
/** Past this many cached users the cache starts again empty (bounds memory; hit rate recovers at once). */
const USER_CACHE_MAX = 10_000;

/** The user rows of our access tokens, by id, for USER_CACHE_TTL_MS. */
function userCache(load: (id: number) => Promise<AuthUser | null>) {
  const entries = new Map<number, { user: AuthUser; until: number }>();
  return {
    async get(id: number, fresh: boolean): Promise<AuthUser | null> {
      const now = Date.now();
      const hit = entries.get(id);
      if (!fresh && hit && hit.until > now) return hit.user;
      const user = await load(id);
      if (!user || fresh) entries.delete(id);
      else {
        if (entries.size >= USER_CACHE_MAX) entries.clear();
        entries.set(id, { user, until: now + USER_CACHE_TTL_MS });
      }
      return user;
    },
    forget(id: number): void {
      entries.delete(id);
    },
  };
}

/**
 * Our access tokens already verified by this process: token -> claims, until the token expires or
 * USER_CACHE_TTL_MS pass. A token's signature and claims never change, only time can end it, so a
 * hit is as good as a verification (which goes through WebCrypto's thread pool on every request), and
 * a token found here is not even decoded again. Whether its session was revoked since is asked
 * separately, on every request.
 */
function verifiedTokenCache(verify: (token: string) => Promise<AccessClaims | null>) {
  const entries = new Map<string, { claims: AccessClaims; until: number }>();
  return {
    /** The claims of a token verified here that has not expired, without decoding it again. */
    known(token: string): AccessClaims | undefined {
      const hit = entries.get(token);
      return hit && hit.until > Date.now() ? hit.claims : undefined;
    },
    /** Verifies an access token (its decoded `exp` bounds how long it is kept). */
    async verify(token: string, expiresAtS: unknown): Promise<AccessClaims | null> {
      const now = Date.now();
      const claims = await verify(token);
      if (claims === null || typeof expiresAtS !== 'number') {
        entries.delete(token);
        return claims;
      }
      if (entries.size >= USER_CACHE_MAX) entries.clear();
      entries.set(token, { claims, until: Math.min(now + USER_CACHE_TTL_MS, expiresAtS * 1000) });
      return claims;
    },
  };
}

/** A Firebase sign-in from before the user's "sign out everywhere" (or password reset) is over. */
function signedInBeforeRevocation(identity: FirebaseIdentity, user: AuthUser | null): boolean {
  if (!user?.sessionsRevokedAt) return false;
  // Whole seconds on both sides: a sign-in in the same second as the revocation still counts.
  return (identity.authTimeS ?? 0) < Math.floor(user.sessionsRevokedAt.getTime() / 1000);
}

/** Reads may use a cached user row; anything else loads it fresh. */
const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

export function registerAuth(app: FastifyInstance, config: AppConfig, accounts: AuthAccounts): void {
  const signer = accessTokenKey(resolveJwtSecret(config));
  const verifyFirebase = firebaseVerifier(config);
  const firebaseIssuer = `https://securetoken.google.com/${config.auth.firebaseProjectId}`;

  const users = userCache((id) => accounts.userById(app.db, id));
  const verifiedClaims = verifiedTokenCache((token) => verifyAccessClaims(signer, token));
  // The bound on how long a session revoked elsewhere keeps working here (docs/decisions/0018).
  const sessions = sessionRevocations(
    (sessionId) => accounts.isSessionRevoked(app.db, sessionId),
    config.auth.sessionCheckTtlMs,
    ACCESS_TOKEN_TTL_S * 1000,
  );
  // A write may have changed the signed-in account: its next request reads the row again.
  app.addHook('onResponse', async (request) => {
    if (request.user && !isRead(request)) users.forget(request.user.id);
  });

  app.decorate('accessTokens', signer);
  app.decorate('sessions', sessions);
  app.decorateRequest('user', null);
  app.decorateRequest('firebase', null);

  /** Signs the request in with the verified claims of one of our access tokens. */
  async function signedInWith(
    request: FastifyRequest,
    verified: AccessClaims,
  ): Promise<'ended' | 'invalid' | 'ok'> {
    if (verified.sessionId !== null && (await sessions.isRevoked(verified.sessionId))) return 'ended';
    request.user = await users.get(verified.userId, !isRead(request));
    // A deleted account's token is no longer valid.
    return request.user ? 'ok' : 'invalid';
  }

  /**
   * Reads the bearer token; the outcome is 'none' (no token), 'invalid', 'ended' (its session was
   * signed out), or it sets the request.
   */
  async function readToken(request: FastifyRequest): Promise<'none' | 'invalid' | 'ended' | 'ok'> {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) return 'none';
    // nearly every request: a token this process verified earlier
    const known = verifiedClaims.known(token);
    if (known) return await signedInWith(request, known);
    let claims: ReturnType<typeof decodeJwt>;
    try {
      claims = decodeJwt(token);
    } catch {
      return 'invalid';
    }
    const issuer = claims.iss;
    if (issuer === ACCESS_TOKEN_ISSUER) {
      const verified = await verifiedClaims.verify(token, claims.exp);
      return verified === null ? 'invalid' : await signedInWith(request, verified);
    }
    if (issuer === firebaseIssuer) {
      const identity = await verifyFirebase(token);
      if (!identity) return 'invalid';
      const user = await accounts.userByFirebaseUid(app.db, identity.uid);
      if (signedInBeforeRevocation(identity, user)) return 'ended';
      request.firebase = identity;
      request.user = user;
      return 'ok';
    }
    return 'invalid';
  }

  app.decorate('identify', async (request: FastifyRequest) => {
    await readToken(request);
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const outcome = await readToken(request);
    if (outcome === 'none') throw unauthorized();
    if (outcome === 'invalid') throw unauthorized(INVALID_TOKEN);
    if (outcome === 'ended') throw unauthorized(SESSION_ENDED);
    // A valid Firebase token of someone without an account yet: not signed in to Cratedig.
    if (!request.user) throw unauthorized('No Cratedig account is linked to this sign-in.');
  });
  app.decorate('authenticateFirebase', async (request: FastifyRequest) => {
    const outcome = await readToken(request);
    if (outcome === 'none') throw unauthorized();
    if (outcome === 'invalid') throw unauthorized(INVALID_TOKEN);
    if (outcome === 'ended') throw unauthorized(SESSION_ENDED);
    if (!request.firebase) throw unauthorized('A Firebase ID token is required.');
  });
}

/** `Bearer <token>` → token; undefined when absent or another scheme. */
function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Verifies Firebase ID tokens. With the emulator setting on (never in production: config.ts refuses
 * it) the emulator's unsigned tokens are checked the way firebase-admin checks them in emulator mode
 * (claims only). Otherwise firebase-admin verifies the signature against Google's keys, and an
 * unsigned token is refused before it gets there, whatever the process environment says.
 */
function firebaseVerifier(config: AppConfig): (token: string) => Promise<FirebaseIdentity | null> {
  const { firebaseProjectId: projectId, firebaseAuthEmulatorHost: emulatorHost } = config.auth;
  if (emulatorHost) {
    return async (token) => {
      try {
        const header = decodeProtectedHeader(token);
        if (header.alg !== 'none' && header.alg !== 'RS256') return null;
        const claims = decodeJwt(token);
        const now = Math.floor(Date.now() / 1000);
        if (claims.aud !== projectId) return null;
        if (claims.iss !== `https://securetoken.google.com/${projectId}`) return null;
        if (typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 128) return null;
        if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
        if (typeof claims.iat !== 'number' || claims.iat > now + 60) return null;
        return toIdentity(claims.sub, claims);
      } catch {
        return null;
      }
    };
  }
  let firebaseApp: FirebaseApp | undefined;
  return async (token) => {
    try {
      if (decodeProtectedHeader(token).alg !== 'RS256') return null;
      firebaseApp ??= firebaseAdminApp(projectId);
      const decoded = await getAuth(firebaseApp).verifyIdToken(token);
      return toIdentity(decoded.uid, decoded);
    } catch {
      return null;
    }
  };
}

function firebaseAdminApp(projectId: string): FirebaseApp {
  const name = `cratedig-${projectId}`;
  return getApps().find((candidate) => candidate.name === name) ?? initializeApp({ projectId }, name);
}

function toIdentity(uid: string, claims: Record<string, unknown>): FirebaseIdentity {
  const firebase = (claims.firebase ?? {}) as { sign_in_provider?: unknown };
  return {
    uid,
    email: typeof claims.email === 'string' ? claims.email : null,
    emailVerified: claims.email_verified === true,
    signInProvider: typeof firebase.sign_in_provider === 'string' ? firebase.sign_in_provider : null,
    name: typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : null,
    authTimeS: typeof claims.auth_time === 'number' ? claims.auth_time : null,
  };
}
