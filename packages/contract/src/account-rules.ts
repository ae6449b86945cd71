// The password and username rules, without zod, so the web app's sign-up and reset forms check them
// without loading the schemas (zod's fast path compiles code at run time, which the web app's
// Content-Security-Policy forbids). accounts.ts builds its schemas from these.

/**
 * The password rule for a new password (registration, reset), after NIST SP 800-63B: at least
 * PASSWORD_MIN_LENGTH characters, any characters, no composition rules, and not one of the most
 * common passwords, nor the username or the site's name. Signing in checks none of it: an account
 * whose password predates the rule still signs in (docs/accounts.md "Passwords").
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const PASSWORD_TOO_SHORT = `Password must have at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG = `Password must have at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORD_TOO_COMMON = 'This password is too common and easy to guess. Choose another one.';
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, not a common password`;

/** Passwords guessed first whatever the list says: the site's own name, alone or with digits. */
const SITE_WORDS = /^(cratedig)[0-9!.]*$/i;

/**
 * What is wrong with a new password, or undefined when the rule allows it. `isCommon` is the list
 * check (common-passwords.ts, loaded on demand by the web app); `username` the account's own name.
 */
export function passwordProblem(
  password: string,
  options: { isCommon: (password: string) => boolean; username?: string },
): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  const lower = password.toLowerCase();
  if (options.isCommon(password) || SITE_WORDS.test(password)) return PASSWORD_TOO_COMMON;
  if (options.username && lower === options.username.trim().toLowerCase()) return PASSWORD_TOO_COMMON;
  // one character over and over ("aaaaaaaa", "11111111")
  if (/^(.)\1*$/su.test(password)) return PASSWORD_TOO_COMMON;
  return undefined;
}

/** The profile's texts: About and the SoundCloud link (the register form's About too). */
export const ABOUT_MAX_LENGTH = 1000;
// written out (no call), so a bundle that imports one constant of this file takes no more of it
export const ABOUT_TOO_LONG = 'About must be at most 1,000 characters';
export const PROFILE_LINK_MAX_LENGTH = 200;
export const PROFILE_LINK_TOO_LONG = `Link must be at most ${PROFILE_LINK_MAX_LENGTH} characters`;

/** A username may be an email address (the first social sign-in makes one the username). */
export const USERNAME_MAX_LENGTH = 254;
export const USERNAME_PATTERN = /^[\p{L}\p{N}._@+'-]+$/u;
export const USERNAME_CHARACTERS_MESSAGE = "Use only letters, digits and . _ - @ + ' (no spaces).";
export const REQUIRED_MESSAGE = 'Missing data for required field.';
export const USERNAME_TOO_LONG = `At most ${USERNAME_MAX_LENGTH} characters.`;

/** What is wrong with a username (after trimming), or undefined when the rule allows it. */
export function usernameProblem(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length === 0) return REQUIRED_MESSAGE;
  if (trimmed.length > USERNAME_MAX_LENGTH) return USERNAME_TOO_LONG;
  if (!USERNAME_PATTERN.test(trimmed)) return USERNAME_CHARACTERS_MESSAGE;
  return undefined;
}
