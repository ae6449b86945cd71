// Accounts rules (docs/accounts.md): sign-in, token rotation,
// registration, social creation and linking, the signed-in user's own settings.

import { randomUUID } from 'node:crypto';
import type {
  CreateUserBody,
  LinkAuthIdBody,
  NotificationPreferencesBody,
  ProfileUpdateBody,
  RefreshTokensBody,
  TokenPair,
  UsernameLookup,
} from '@cratedig/contract/accounts';
import { isUsername } from '@cratedig/contract/accounts';
import { DEFAULT_USER_TYPE } from '@cratedig/contract/constants';
import { SESSION_ENDED_MESSAGE } from '@cratedig/contract/session-ended';
import type { User } from '@cratedig/contract/user';
import type { Db } from '../../db/client';
import type { SqlRunner } from '../../db/rows';
import { forbidden, type HttpError, notFound, unauthorized, unprocessable } from '../../lib/http-errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { hashOpaqueToken, newOpaqueToken, signAccessToken, verifyAccessToken } from '../../lib/tokens';
import type { AuthAccounts, FirebaseIdentity } from '../../plugins/auth';
import type { ServiceContext, UserContext } from '../../plugins/service-context';
import type { AccountsContext } from './context';
import { isFirebaseOnly, toUser } from './mapper';
import * as q from './queries';
import { type Counter, giveBack, reset, take, takeOne } from './rate-limit-service';

/** docs/accounts.md: a refresh family expires 30 days after sign-in whatever its rotations. */
const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** docs/accounts.md "Password login": the client shows its own text for a 429; this is for API readers. */
const LOGIN_BLOCKED = 'Too many failed login attempts. Please try again later.';
const BAD_CREDENTIALS = 'Invalid username or password.';

/** What the auth plugin (plugins/auth.ts) reads of the accounts; app.ts passes it in. */
export const authAccounts: AuthAccounts = {
  userById: q.findAuthUserById,
  userByFirebaseUid: q.findAuthUserByFirebaseUid,
  isSessionRevoked: q.isFamilyRevoked,
};

/**
 * Locks the user's row until the caller's transaction ends: what serialises one user's writes that
 * must not interleave (the player's queue, from two tabs).
 */
export function lockAccount(db: SqlRunner, userId: number): Promise<void> {
  return q.lockAccount(db, userId);
}

/**
 * The id of an account Cratedig acts as itself (proposals Cratedig makes when it listens), created on
 * first use: no one signs in to it.
 */
export function internalAccount(db: Db, username: string, email: string): Promise<number> {
  return q.internalAccount(db, username, email);
}

/**
 * One more of the user's proposals was accepted (identifications_accepted: profiles, and trust); in the
 * caller's transaction.
 */
export function countAcceptedIdentification(db: Db, authorId: number): Promise<void> {
  return q.countAcceptedIdentification(db, authorId);
}

// ---------------------------------------------------------------------------------------------------
// Sign-in and tokens

/** POST /tokens: Basic credentials → a fresh token pair, with the failed-login limits of docs/accounts.md. */
export async function login(ctx: AccountsContext, authorization: string | undefined, ip: string) {
  const credentials = parseBasic(authorization);
  if (!credentials) throw unauthorized(BAD_CREDENTIALS);
  const account = credentials.username.toLowerCase();
  const { limits } = ctx.config.auth;
  const pair: Counter = { bucket: 'login:pair', key: `${account}\n${ip}`, limit: limits.loginPair };
  const counters: Counter[] = [
    pair,
    { bucket: 'login:account', key: account, limit: limits.loginAccount },
    { bucket: 'login:address', key: ip, limit: limits.loginAddress },
  ];
  // Counted before the password is checked, so that concurrent guesses cannot all slip under the
  // limit; a success gives its count back.
  const taken = await take(ctx.db, counters, LOGIN_BLOCKED);

  const user = await q.findUserByUsername(ctx.db, credentials.username);
  // Unknown users and password-less (social) accounts cost one verification too, and count the same.
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, credentials.password)
    : await verifyAgainstDummy(credentials.password);
  if (!user || !ok) throw unauthorized(BAD_CREDENTIALS);
  // A success forgives this address's earlier typos; the account and address totals still hold.
  await giveBack(ctx.db, taken);
  await reset(ctx.db, pair);
  return issueTokenPair(ctx, user.id, randomUUID(), new Date(Date.now() + REFRESH_FAMILY_TTL_MS));
}

/** `Basic base64(username:password)` → credentials, or null for anything malformed. */
export function parseBasic(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic[ ]+([A-Za-z0-9+/=_-]{1,4096})\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const username = decoded.slice(0, colon).trim();
  const password = decoded.slice(colon + 1);
  // No account has a name outside the username rule (registration holds it), so none can sign in.
  if (!isUsername(username) || password === '' || password.length > 1024) return null;
  return { username, password };
}

async function issueTokenPair(
  ctx: AccountsContext,
  userId: number,
  familyId: string,
  familyExpiresAt: Date,
): Promise<TokenPair> {
  const refreshToken = newOpaqueToken();
  await q.insertRefreshToken(ctx.db, {
    userId,
    familyId,
    tokenHash: hashOpaqueToken(refreshToken),
    familyExpiresAt,
  });
  return {
    access_token: await signAccessToken(ctx.accessTokens, userId, { sessionId: familyId }),
    refresh_token: refreshToken,
  };
}

/**
 * PUT /tokens: rotates the refresh token. Unknown, expired or revoked → 401; a rotated token used
 * again revokes its whole family (docs/accounts.md), so a stolen copy and the original both stop working.
 */
export async function refresh(ctx: AccountsContext, body: RefreshTokensBody): Promise<TokenPair> {
  const expired = unauthorized('The refresh token is invalid or has expired.');
  const row = await q.findRefreshToken(ctx.db, hashOpaqueToken(body.refresh_token));
  // A session ended on the server says so: the web app then tells the person this device was signed out.
  if (row?.revokedAt) throw unauthorized(SESSION_ENDED_MESSAGE);
  if (!row || row.familyExpiresAt.getTime() <= Date.now()) throw expired;
  if (row.rotatedAt || !(await q.markRotated(ctx.db, row.id))) {
    await q.revokeFamily(ctx.db, row.familyId);
    throw expired;
  }
  // The access token is optional (the web client sends '' without one), but if it is ours it must
  // belong to the same user as the refresh token.
  if (body.access_token) {
    const accessUser = await verifyAccessToken(ctx.accessTokens, body.access_token, { allowExpired: true });
    if (accessUser !== null && accessUser !== row.userId) {
      await q.revokeFamily(ctx.db, row.familyId);
      throw expired;
    }
  }
  // The cascade removes a deleted user's tokens; this covers a deletion racing the refresh.
  if (!(await q.findAuthUserById(ctx.db, row.userId))) throw notFound('User');
  return issueTokenPair(ctx, row.userId, row.familyId, row.familyExpiresAt);
}

// ---------------------------------------------------------------------------------------------------
// Users

export async function getMe(ctx: UserContext): Promise<User> {
  const row = await q.findUserById(ctx.db, ctx.userId);
  if (!row) throw unauthorized();
  return toUser(row);
}

/** GET /users/un/{username}: only what the password login needs (docs/accounts.md), rate limited. */
export async function lookupUsername(
  ctx: ServiceContext,
  username: string,
  ip: string,
): Promise<UsernameLookup> {
  const limit = ctx.config.auth.limits.usernameLookup;
  await takeOne(ctx.db, [{ bucket: 'lookup:address', key: ip, limit }]);
  const row = await q.findUserByUsername(ctx.db, username);
  if (!row) throw notFound('User');
  return { is_firebase_user: isFirebaseOnly(row), auth_provider: row.authProvider };
}

/** GET /users/{email}: only with a Firebase token whose verified email is that email. */
export async function getUserByEmail(ctx: ServiceContext, identity: FirebaseIdentity, email: string) {
  if (!sameVerifiedEmail(identity, email))
    throw forbidden('This token does not belong to that email address.');
  const row = await q.findUserByEmail(ctx.db, email);
  if (!row) throw notFound('User');
  return toUser(row);
}

function sameVerifiedEmail(identity: FirebaseIdentity, email: string): boolean {
  return (
    identity.emailVerified && identity.email !== null && identity.email.toLowerCase() === email.toLowerCase()
  );
}

/** POST /users, password form (open, rate limited per address). */
export async function register(ctx: ServiceContext, body: CreateUserBody, ip: string): Promise<User> {
  if (body.password === undefined) throw unprocessable({ password: ['Missing data for required field.'] });
  await takeOne(ctx.db, [{ bucket: 'register:address', key: ip, limit: ctx.config.auth.limits.register }]);
  await assertFree(ctx.db, body.username, body.email);
  const passwordHash = await hashPassword(body.password);
  return insertUnique(ctx.db, {
    username: body.username,
    email: body.email,
    passwordHash,
    aboutMe: body.about_me ?? '',
    authProvider: 'web_client',
  });
}

/**
 * POST /users, social form: the first sign-in through the identity provider (docs/accounts.md). The token's
 * uid and verified email must be the body's; username and email become that email, about_me the
 * display name (the client sends it; the token's name stands in when it does not) or ''.
 */
export async function createSocialUser(
  ctx: ServiceContext,
  body: CreateUserBody,
  identity: FirebaseIdentity,
) {
  if (body.firebase_uid !== identity.uid || !sameVerifiedEmail(identity, body.email) || !identity.email) {
    throw forbidden('This token does not belong to that account.');
  }
  const email = identity.email;
  await assertFree(ctx.db, email, email);
  return insertUnique(ctx.db, {
    username: email,
    email,
    aboutMe: body.about_me ?? identity.name ?? '',
    firebaseUid: identity.uid,
    authProvider: providerName(identity.signInProvider),
  });
}

/** docs/accounts.md: the provider id without its '.com' suffix ('google.com' → 'google'), or null. */
export function providerName(providerId: string | null): string | null {
  if (!providerId) return null;
  return providerId.replace(/\.com$/, '');
}

const TAKEN = {
  username: 'This username is already taken, please use a different one',
  email: 'This email is already taken, please use a different one',
};

async function assertFree(db: Db, username: string, email: string): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (await q.findUserByUsername(db, username)) errors.username = [TAKEN.username];
  if (await q.findUserByEmail(db, email)) errors.email = [TAKEN.email];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** Inserts, turning a unique-index race (two registrations at once) into the same 422. */
async function insertUnique(db: Db, values: q.NewUserRow): Promise<User> {
  try {
    return toUser(await q.insertUser(db, values));
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}

function duplicateError(error: unknown): HttpError | null {
  const constraint = q.uniqueViolation(error);
  if (constraint === null) return null;
  if (constraint.includes('email')) return unprocessable({ email: [TAKEN.email] });
  if (constraint.includes('firebase_uid')) {
    return unprocessable({ firebase_uid: ['This sign-in is already linked to another account.'] });
  }
  return unprocessable({ username: [TAKEN.username] });
}

/**
 * PUT /users/auth-id (docs/accounts.md step 3): links the provider uid to the account with the token's email.
 */
export async function linkAuthId(ctx: ServiceContext, body: LinkAuthIdBody, identity: FirebaseIdentity) {
  if (body.firebase_uid !== identity.uid) throw forbidden('This token does not belong to that sign-in.');
  const row = await q.findUserById(ctx.db, Number(body.id));
  if (!row) throw notFound('User');
  if (!sameVerifiedEmail(identity, row.email)) throw forbidden('This token does not belong to that account.');
  try {
    const updated = await q.updateUser(ctx.db, row.id, {
      firebaseUid: identity.uid,
      authProvider: body.auth_provider,
    });
    if (!updated) throw notFound('User');
    return toUser(updated);
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}

// ---------------------------------------------------------------------------------------------------
// The signed-in user's own settings: always the token's user, never one named in the request.

async function updateMe(ctx: UserContext, values: Partial<q.NewUserRow>): Promise<User> {
  const row = await q.updateUser(ctx.db, ctx.userId, values);
  if (!row) throw unauthorized();
  return toUser(row);
}

export function updateNotificationPreferences(ctx: UserContext, body: NotificationPreferencesBody) {
  return updateMe(ctx, {
    notificationTimeframe: body.notification_timeframe,
    notificationPreferencesEnabled: body.notification_preferences_enabled,
  });
}

/**
 * Turns the user's email digests off (the one-click unsubscribe, signed link instead of a token).
 * Answers false for an unknown user.
 */
export async function turnOffDigests(ctx: ServiceContext, userId: number): Promise<boolean> {
  return (await q.updateUser(ctx.db, userId, { notificationPreferencesEnabled: false })) !== undefined;
}

export function updateProfile(ctx: UserContext, body: ProfileUpdateBody) {
  // docs/accounts.md: user_type defaults to listener when empty; duplicates are dropped.
  const userType = [...new Set(body.user_type)];
  return updateMe(ctx, {
    aboutMe: body.about_me,
    soundcloudUrl: body.soundcloud_url ? body.soundcloud_url : null,
    userType: userType.length > 0 ? userType : [DEFAULT_USER_TYPE],
  });
}

export function completeOnboarding(ctx: UserContext) {
  return updateMe(ctx, { completedOnboarding: true });
}
