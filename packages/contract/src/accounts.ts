// Request and response schemas of every accounts call: sign-in and token rotation, registration,
// social sign-in and linking, password reset, and the signed-in user's own settings.
// The API validates and serialises with these; the web client types its calls from them.
import { z } from 'zod';
import {
  ABOUT_MAX_LENGTH,
  ABOUT_TOO_LONG,
  PASSWORD_HINT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
  PROFILE_LINK_MAX_LENGTH,
  PROFILE_LINK_TOO_LONG,
  passwordProblem,
  REQUIRED_MESSAGE,
  USERNAME_CHARACTERS_MESSAGE,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
  USERNAME_TOO_LONG,
} from './account-rules';
import { CONTROL_CHARACTERS_MESSAGE, line, NO_CONTROL_CHARACTERS_BUT_LINES } from './common';
import { isCommonPassword } from './common-passwords';
import { NOTIFICATION_TIMEFRAMES, USER_TYPES } from './constants';
import { httpLink } from './http-link';
import { authProvider } from './user';

export {
  ABOUT_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  PROFILE_LINK_MAX_LENGTH,
  USERNAME_CHARACTERS_MESSAGE,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
} from './account-rules';

// Bounds that keep hostile input cheap; far beyond anything a person types.
const MAX_NAME = 254; // a username may be an email address (docs/accounts.md, first social sign-in)
const MAX_TOKEN = 8192; // Firebase ID tokens are ~1 KB; ours are smaller

/**
 * A new password (registration, reset): the rule of account-rules.ts passwordProblem, the list of
 * common passwords included. Signing in takes any password (Basic auth, not this schema), so an
 * older, shorter password still signs in.
 */
const newPassword = z
  .string()
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value, { isCommon: isCommonPassword });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ minLength: PASSWORD_MIN_LENGTH, description: PASSWORD_HINT });

/** About (profile and registration): several lines, bounded. */
const aboutMe = z
  .string()
  .max(ABOUT_MAX_LENGTH, ABOUT_TOO_LONG)
  .regex(NO_CONTROL_CHARACTERS_BUT_LINES, CONTROL_CHARACTERS_MESSAGE);
const email = z
  .email({
    error: (issue) =>
      issue.input === undefined ? 'Missing data for required field.' : 'Not a valid email address.',
  })
  .max(MAX_NAME);
/**
 * The one username rule, held by registration, the lookup of GET /users/un/{username} and the
 * password sign-in: 1 to 254 characters (an email address is a username after the first social
 * sign-in), letters, digits and `. _ - @ + '`, no spaces or control characters.
 */
export const username = z
  .string()
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(USERNAME_MAX_LENGTH, USERNAME_TOO_LONG)
  .regex(USERNAME_PATTERN, USERNAME_CHARACTERS_MESSAGE);

/** True when `value` is a username that the rule above allows (sign-in refuses any other). */
export function isUsername(value: string): boolean {
  return username.safeParse(value).success;
}
const opaqueToken = line(MAX_TOKEN).min(1);

/** POST /tokens and PUT /tokens answer (docs/accounts.md "Tokens and sessions"). */
export const tokenPair = z
  .object({ access_token: z.string(), refresh_token: z.string() })
  .meta({ id: 'TokenPair' });
export type TokenPair = z.infer<typeof tokenPair>;

/** PUT /tokens: the internal refresh (docs/accounts.md). */
// The web client sends access_token '' when it has none; the refresh token alone decides.
export const refreshTokensBody = z.object({
  access_token: line(MAX_TOKEN),
  refresh_token: opaqueToken,
});
export type RefreshTokensBody = z.infer<typeof refreshTokensBody>;

/** DELETE /tokens (with the access token): ends the session of this refresh token (Logout). */
export const endSessionBody = z.object({ refresh_token: opaqueToken });
export type EndSessionBody = z.infer<typeof endSessionBody>;

/** GET /users/un/{username}: what the password login checks first (docs/accounts.md "Password login"). */
export const usernameParams = z.object({ username });
export const usernameLookup = z
  .object({ is_firebase_user: z.boolean(), auth_provider: authProvider.nullable() })
  .meta({ id: 'UsernameLookup' });
export type UsernameLookup = z.infer<typeof usernameLookup>;

/** GET /users/{email}. */
export const emailParams = z.object({ email: line(MAX_NAME).min(1) });

/**
 * POST /users, both forms of docs/accounts.md in one body (they share username, email and about_me):
 * - registration: password and auth_provider 'web_client', no token;
 * - social creation: firebase_uid, with the matching Firebase ID token as bearer.
 * One object rather than a union, so each field's problem is reported under its own name.
 */
export const createUserBody = z
  .object({
    username,
    email,
    about_me: aboutMe.optional(),
    password: newPassword.optional(),
    auth_provider: z.literal('web_client').optional(),
    firebase_uid: line(128).min(1).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.password !== undefined && body.password.toLowerCase() === body.username.toLowerCase()) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: passwordProblem(body.password, { isCommon: () => false, username: body.username }) ?? '',
      });
    }
    if (body.firebase_uid === undefined && body.password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Missing data for required field.' });
    }
    if (body.firebase_uid !== undefined && body.password !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'A social account is created without a password.',
      });
    }
  });
export type CreateUserBody = z.infer<typeof createUserBody>;

/** PUT /users/auth-id: links the identity provider's uid to an existing account. */
export const linkAuthIdBody = z.object({
  // docs/accounts.md sends the id as a string
  id: z.string().regex(/^[1-9]\d{0,9}$/, 'Must be a user id.'),
  firebase_uid: line(128).min(1),
  auth_provider: authProvider,
});
export type LinkAuthIdBody = z.infer<typeof linkAuthIdBody>;

/** POST /tokens/reset. */
export const requestResetBody = z.object({ email });
export type RequestResetBody = z.infer<typeof requestResetBody>;

/** PUT /tokens/reset. */
export const resetPasswordBody = z.object({ token: opaqueToken, new_password: newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** PUT /me/notification-preferences. */
export const notificationPreferencesBody = z.object({
  notification_timeframe: z.enum(NOTIFICATION_TIMEFRAMES),
  notification_preferences_enabled: z.boolean(),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>;

export const SOUNDCLOUD_URL_MESSAGE = 'Enter a link that starts with http:// or https://';

/**
 * PUT /me/profile-update. docs/accounts.md: about_me is at most ABOUT_MAX_LENGTH characters, the
 * SoundCloud link at most PROFILE_LINK_MAX_LENGTH, http(s) only (the profile page renders it as a
 * link) and stored in canonical form (http-link.ts). '' or null clears it. An empty user_type list
 * means the default, ['listener'].
 */
export const profileUpdateBody = z.object({
  about_me: aboutMe,
  soundcloud_url: httpLink(PROFILE_LINK_MAX_LENGTH, SOUNDCLOUD_URL_MESSAGE, {
    tooLong: PROFILE_LINK_TOO_LONG,
    emptyAllowed: true,
  }).nullable(),
  user_type: z.array(z.enum(USER_TYPES)).max(USER_TYPES.length * 2),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** GET /client-config: what the web app needs before anyone signs in. */
export const clientConfig = z
  .object({
    firebase: z.object({
      api_key: z.string(),
      auth_domain: z.string(),
      project_id: z.string(),
      /** http://host:port of the Firebase Auth emulator, or null against the real service. */
      emulator_url: z.string().nullable(),
      /**
       * Whether Google and Apple sign-in can work on this server: a real Firebase project is set, or
       * the emulator. Firebase's 'demo-' projects (the default) exist only in the emulator.
       */
      enabled: z.boolean(),
    }),
    /** The sender that the forgot-password message names (docs/accounts.md "Password reset"). */
    mail_from: z.string(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfig>;
