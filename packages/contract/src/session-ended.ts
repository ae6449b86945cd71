/**
 * The message of a 401 for a session that was ended on the server (Logout elsewhere, "Sign out
 * everywhere", a password reset): its access tokens and its refresh token alike. The web app tells
 * it from an expired token by this text: no refresh can help, the device is signed out. A module of
 * its own: the web app's first screen imports it and nothing else of the account rules.
 */
export const SESSION_ENDED_MESSAGE = 'This session has been signed out. Please sign in again.';
