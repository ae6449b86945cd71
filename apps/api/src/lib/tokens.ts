// Our access tokens (JWT, HS256 only, issuer/audience/expiry checked) and the opaque random secrets
// behind refresh tokens and reset links, which are stored only as SHA-256 hashes (docs/accounts.md).
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_ISSUER = 'cratedig';
export const ACCESS_TOKEN_AUDIENCE = 'cratedig-api';
/** docs/accounts.md: the client assumes a 1 hour lifetime for internal tokens. */
export const ACCESS_TOKEN_TTL_S = 60 * 60;
const ALGORITHM = 'HS256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessTokenKey {
  key: Uint8Array;
}

export function accessTokenKey(secret: string): AccessTokenKey {
  return { key: new TextEncoder().encode(secret) };
}

export interface SignOptions {
  /**
   * The refresh-token family (the session) the token belongs to, as its `sid` claim: revoking the
   * family ends the token too. Tokens made outside a sign-in (benchmarks, tests) have none.
   */
  sessionId?: string;
  now?: Date;
}

export function signAccessToken(
  signer: AccessTokenKey,
  userId: number,
  { sessionId, now = new Date() }: SignOptions = {},
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(sessionId ? { sid: sessionId } : {})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_S)
    .sign(signer.key);
}

export interface VerifyOptions {
  /** Accept an expired token (PUT /tokens reads the old access token's user); its signature still counts. */
  allowExpired?: boolean;
}

/** What a valid access token says: its user and, when it came from a sign-in, its session. */
export interface AccessClaims {
  userId: number;
  sessionId: string | null;
}

/** The user id of a valid access token, or null for anything else (bad signature, alg, claims). */
export async function verifyAccessToken(
  signer: AccessTokenKey,
  token: string,
  options: VerifyOptions = {},
): Promise<number | null> {
  return (await verifyAccessClaims(signer, token, options))?.userId ?? null;
}

/** The claims of a valid access token, or null for anything else (bad signature, alg, claims). */
export async function verifyAccessClaims(
  signer: AccessTokenKey,
  token: string,
  options: VerifyOptions = {},
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signer.key, {
      algorithms: [ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp'],
      // A refresh family lives 30 days, so an access token older than that has nothing to refresh.
      ...(options.allowExpired ? { clockTolerance: 31 * 24 * 60 * 60 } : {}),
    });
    const id = Number(payload.sub);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const { sid } = payload;
    if (sid !== undefined && (typeof sid !== 'string' || !UUID.test(sid))) return null;
    return { userId: id, sessionId: sid ?? null };
  } catch {
    return null;
  }
}

/** 256 random bits, URL-safe: refresh tokens and reset links. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of an opaque token. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
