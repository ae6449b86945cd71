// Password reset (docs/accounts.md "Password reset"): a single-use link valid
// 1 h, stored hashed; the request answers the same whether or not the email exists.
import { unprocessable } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import { hashOpaqueToken, newOpaqueToken } from '../../lib/tokens';
import type { AccountsContext } from './context';
import * as q from './queries';
import { takeOne } from './rate-limit-service';
import { endEverySession } from './session-service';

const RESET_TTL_MS = 60 * 60 * 1000;

/** POST /tokens/reset. Rate limited per email (unknown ones too, so a 429 reveals nothing). */
export async function requestPasswordReset(ctx: AccountsContext, email: string): Promise<void> {
  const limit = ctx.config.auth.limits.resetEmail;
  await takeOne(ctx.db, [{ bucket: 'reset:email', key: email.toLowerCase(), limit }]);
  const user = await q.findUserByEmail(ctx.db, email);
  if (!user) return;
  if (!user.passwordHash) {
    // A social-only account has no password to reset: say which provider to use instead.
    const provider = providerLabel(user.authProvider);
    await ctx.mailer.send({
      to: user.email,
      subject: 'Signing in to Cratedig',
      text: [
        `Hi ${user.username},`,
        '',
        `Someone asked to reset the password of your Cratedig account. Your account has no password: you sign in with ${provider}.`,
        `Open ${ctx.config.publicUrl}/login and choose ${provider} to sign in.`,
        '',
        'If you did not ask for this, you can ignore this mail.',
      ].join('\n'),
    });
    return;
  }
  const token = newOpaqueToken();
  await q.insertPasswordReset(ctx.db, {
    userId: user.id,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your Cratedig password',
    text: [
      `Hi ${user.username},`,
      '',
      'Open this link to choose a new password. It works once, within the next hour:',
      `${ctx.config.publicUrl}/reset?token=${token}`,
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
export async function resetPassword(ctx: AccountsContext, token: string, newPassword: string): Promise<void> {
  const userId = await q.consumePasswordReset(ctx.db, hashOpaqueToken(token));
  if (userId === null) {
    throw unprocessable({
      token: ['This reset link is invalid, used or expired. Please ask for a new one.'],
    });
  }
  await q.updateUser(ctx.db, userId, { passwordHash: await hashPassword(newPassword) });
  await q.expireUserResets(ctx.db, userId);
  await endEverySession(ctx, userId);
}
