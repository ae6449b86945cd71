// Password reset (domain.md "Accounts and tokens", spec §8 "Password reset"): a single-use link valid
// 1 h, stored hashed; the request answers the same whether or not the email exists.
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { unprocessable } from '../../lib/http-errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens';
import * as q from './queries';
import { takeOne } from './rate-limits';

const RESET_TTL_MS = 60 * 60 * 1000;

export interface ResetDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
}

/** POST /tokens/reset. Rate limited per email (unknown ones too, so a 429 reveals nothing). */
export async function requestPasswordReset(deps: ResetDeps, email: string): Promise<void> {
  const limit = deps.config.auth.limits.resetEmail;
  await takeOne(deps.db, [{ bucket: 'reset:email', key: email.toLowerCase(), limit }]);
  const user = await q.findUserByEmail(deps.db, email);
  if (!user) return;
  if (!user.passwordHash) {
    // A social-only account has no password to reset: say which provider to use instead.
    const provider = providerLabel(user.authProvider);
    await deps.mailer.send({
      to: user.email,
      subject: 'Signing in to Cratedig',
      text: [
        `Hi ${user.username},`,
        '',
        `Someone asked to reset the password of your Cratedig account. Your account has no password: you sign in with ${provider}.`,
        `Open ${deps.config.publicUrl}/login and choose ${provider} to sign in.`,
        '',
        'If you did not ask for this, you can ignore this mail.',
      ].join('\n'),
    });
    return;
  }
  const token = newOpaqueToken();
  await q.insertPasswordReset(deps.db, {
    userId: user.id,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Cratedig password',
    text: [
      `Hi ${user.username},`,
      '',
      'Open this link to choose a new password. It works once, within the next hour:',
      `${deps.config.publicUrl}/reset?token=${token}`,
      '',
      'If you did not ask for this, you can ignore this mail; your password stays as it is.',
    ].join('\n'),
  });
}

function providerLabel(authProvider: string | null): string {
  if (authProvider === 'google') return 'Google';
  if (authProvider === 'apple') return 'Apple';
  return authProvider ? authProvider : 'your social account';
}

/** PUT /tokens/reset: sets the new password, spends the link, and signs out every session. */
export async function resetPassword(deps: ResetDeps, token: string, newPassword: string): Promise<void> {
  const userId = await q.consumePasswordReset(deps.db, hashOpaqueToken(token));
  if (userId === null) {
    throw unprocessable({
      token: ['This reset link is invalid, used or expired. Please ask for a new one.'],
    });
  }
  await q.updateUser(deps.db, userId, { passwordHash: await hashPassword(newPassword) });
  await q.expireUserResets(deps.db, userId);
  await q.revokeUserTokens(deps.db, userId);
}
