// Ending sessions (docs/accounts.md): a session is one refresh-token family, begun by a
// sign-in and carried by every access token issued in it (their `sid`). Revoking the family refuses
// its refresh tokens at once on every instance, and its access tokens within the session check's
// bound (SESSION_CHECK_TTL_S, docs/decisions/0018-sessions-end-on-the-server.md).
import { notFound } from '../../lib/http-errors';
import { hashOpaqueToken } from '../../lib/tokens';
import type { AccountsContext } from './context';
import * as q from './queries';

/**
 * DELETE /tokens: ends the session of that refresh token. Any token of the family will do (a rotated
 * one too), since the caller proves the session with it; it must be the signed-in user's.
 */
export async function endSession(ctx: AccountsContext, userId: number, refreshToken: string): Promise<void> {
  const row = await q.findRefreshToken(ctx.db, hashOpaqueToken(refreshToken));
  // Another user's token answers as an unknown one: nothing says it exists.
  if (!row || row.userId !== userId) throw notFound('Session');
  await q.revokeFamily(ctx.db, row.familyId);
  ctx.sessions.revoked([row.familyId]);
}

/**
 * DELETE /me/sessions ("Sign out everywhere") and a password reset: every session of the user ends,
 * and sign-ins through the identity provider from before now are refused too.
 */
export async function endEverySession(ctx: AccountsContext, userId: number): Promise<void> {
  const families = await q.revokeUserTokens(ctx.db, userId);
  await q.markSessionsRevoked(ctx.db, userId);
  ctx.sessions.revoked(families);
}
