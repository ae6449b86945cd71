// The password and username rules, without zod, so the web app's sign-up and reset forms check them
// without loading the schemas (zod's fast path compiles code at run time, which the web app's
// Content-Security-Policy forbids). accounts.ts builds its schemas from these.

/** The one password rule, and its exact message. */
export const PASSWORD_MIN_LENGTH = 3;
export const PASSWORD_TOO_SHORT = 'Password must have at least 3 characters';

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
