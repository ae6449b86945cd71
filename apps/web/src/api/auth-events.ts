/**
 * Auth events (docs/web-app.md "Auth events during use"), framework-free.
 *
 *   const events = createAuthEvents();
 *   const off = events.on('tokenRefreshed', ({ accessToken }) => retryFlaggedRequests());
 *   events.on('authError', ({ message }) => { if (!document.hidden) toast(message + ', refreshing...') });
 *   off();
 *
 * - tokenRefreshed: after every successful refresh; the player retries the like/play requests it
 *   flagged as unauthorised.
 * - authError: the refresh failed for good (token expired / user not found); the stored tokens are
 *   already deleted. message is 'Authentication expired'. The AuthProvider clears the user, which
 *   sends the person back to sign in (docs/web-app.md: an auth failure that cannot refresh re-authenticates).
 */

export interface AuthEventMap {
  tokenRefreshed: { accessToken: string };
  /** signedOut: the session was ended on the server (elsewhere), not merely expired. */
  authError: { message: string; signedOut?: boolean };
}

export type AuthEventType = keyof AuthEventMap;
export type AuthEventListener<K extends AuthEventType> = (payload: AuthEventMap[K]) => void;

export interface AuthEvents {
  /** Subscribes; returns the unsubscribe function. */
  on<K extends AuthEventType>(type: K, listener: AuthEventListener<K>): () => void;
  emit<K extends AuthEventType>(type: K, payload: AuthEventMap[K]): void;
}

export function createAuthEvents(): AuthEvents {
  const listeners: { [K in AuthEventType]: Set<AuthEventListener<K>> } = {
    tokenRefreshed: new Set(),
    authError: new Set(),
  };
  return {
    on(type, listener) {
      listeners[type].add(listener);
      return () => {
        listeners[type].delete(listener);
      };
    },
    emit(type, payload) {
      // Copy first: a listener may unsubscribe itself while we iterate.
      for (const listener of [...listeners[type]]) {
        try {
          listener(payload);
        } catch (error) {
          // One broken listener must not stop the others (or the refresh that emitted).
          console.error(`auth event listener for ${type} failed`, error);
        }
      }
    },
  };
}
