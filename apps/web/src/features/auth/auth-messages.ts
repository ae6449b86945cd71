// docs/accounts.md: the exact texts of the sign-in, registration, reset and session messages. Kept in one
// place so the pages, the tests and the journeys read the same strings.
export const SOCIAL_LOGIN_MESSAGES = {
  cancelled: 'Login cancelled. Please try again.',
  popupBlocked: 'Popup was blocked by your browser. Please allow popups for this site.',
  failed: 'Something went wrong. Please try again later.',
} as const;

export const PASSWORD_LOGIN_MESSAGES = {
  lookupFailed: 'Incorrect username or password. Please try again.',
  socialNoProvider: 'You previously logged in with a social account, please use that method.',
  badCredentials: 'Invalid username or password. Please try again.',
  tooManyAttempts: 'Too many failed login attempts. Please try again later.',
  failed: SOCIAL_LOGIN_MESSAGES.failed,
} as const;

/** docs/accounts.md: 'You previously logged in with {provider}, please try that method.' */
export function socialAccountMessage(provider: string | null | undefined): string {
  if (!provider) return PASSWORD_LOGIN_MESSAGES.socialNoProvider;
  return `You previously logged in with ${providerLabel(provider)}, please try that method.`;
}

/** Ours: a server without a Firebase project or the emulator cannot offer Google or Apple sign-in. */
export function notSetUpMessage(provider: string): string {
  return `${providerLabel(provider)} sign-in isn't set up on this server. Sign in with your username and password instead.`;
}

/** The provider as a person knows it: google → Google, apple → Apple; unknown ids unchanged. */
export function providerLabel(provider: string): string {
  const known: Record<string, string> = { google: 'Google', apple: 'Apple' };
  return known[provider] ?? provider;
}

export const REGISTER_MESSAGES = {
  authFailed: 'Authentication failed. Please try again.',
  usernameTaken: 'This username is already taken, please use a different one',
  emailTaken: 'This email is already taken, please use a different one',
  failed: 'Registration failed. Please try again.',
} as const;

export const RESET_MESSAGES = {
  /** Followed by the sender address from GET /api/client-config. */
  emailSent: 'Please check your email inbox or SPAM folder for a password reset email from',
  failed: 'Something happened, please try again',
  mismatch: 'Passwords must match!',
} as const;

export const SESSION_MESSAGES = {
  expired: 'Your session expired. Please log in again.',
  /** docs/web-app.md "Auth events during use", shown for 2 s when the tab is visible. */
  refreshing: 'Authentication expired, refreshing...',
  /** A session ended on the server: "Sign out everywhere" elsewhere, a password reset, a Logout. */
  signedOutElsewhere: 'You were signed out on this device. Please sign in again.',
} as const;

// Ours, not the spec's: the form rules of docs/accounts.md need words where the spec gives none.
export const FORM_MESSAGES = {
  required: 'This field is required',
  invalidEmail: 'Enter a valid email address',
  passwordChanged: 'Your password was changed. Sign in with your new password.',
} as const;
