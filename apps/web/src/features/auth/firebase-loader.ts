/**
 * The only door to the Firebase JS SDK: a dynamic import, so the SDK is its own chunk that loads when
 * a sign-in button is pointed at or clicked, or when a stored Firebase session must be restored —
 * never with the first screen (it is loaded lazily, only where sign-in happens).
 */
type FirebaseSignIn = typeof import('./firebase-sign-in');

let loading: Promise<FirebaseSignIn> | null = null;

export function loadFirebaseSignIn(): Promise<FirebaseSignIn> {
  loading ??= import('./firebase-sign-in').catch((error: unknown) => {
    loading = null; // a failed chunk load (offline) may succeed on the next try
    throw error;
  });
  return loading;
}

/** The SDK module if something already loaded it; logout signs out of the provider only then. */
export function loadedFirebaseSignIn(): Promise<FirebaseSignIn> | null {
  return loading;
}

/** True when the stored access token is a Firebase ID token (its issuer is Google's secure token service). */
export function isFirebaseIdToken(token: string | null): boolean {
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const iss = (JSON.parse(json) as { iss?: unknown }).iss;
    return typeof iss === 'string' && iss.startsWith('https://securetoken.google.com/');
  } catch {
    return false;
  }
}
