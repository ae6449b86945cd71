// Calls that got a final 401 wait here and run again once the token manager says it refreshed the
// session (the 'tokenRefreshed' auth event): a call made while the token was expiring is not lost.
// One entry per key, so repeating a call before the refresh does not queue it twice.
import { isApiError } from './api-error';
import type { AuthEvents } from './auth-events';

export interface RetryAfterRefresh {
  /** Keeps `retry` for the next refresh when `error` is a 401; true if it was kept. */
  retryIfUnauthorised(key: string, error: unknown, retry: () => void): boolean;
  /** Keeps `retry` for the next refresh, replacing an earlier one with the same key. */
  add(key: string, retry: () => void): void;
  /** Forgets every waiting call (logout). */
  clear(): void;
  /** How many calls wait for the next refresh. */
  readonly size: number;
  /** Stops listening to the auth events. */
  dispose(): void;
}

export function createRetryAfterRefresh(events?: AuthEvents): RetryAfterRefresh {
  const waiting = new Map<string, () => void>();
  const off = events?.on('tokenRefreshed', () => {
    const retries = [...waiting.values()];
    waiting.clear();
    for (const retry of retries) retry();
  });
  return {
    retryIfUnauthorised(key, error, retry) {
      if (!isApiError(error) || error.status !== 401) return false;
      waiting.set(key, retry);
      return true;
    },
    add(key, retry) {
      waiting.set(key, retry);
    },
    clear() {
      waiting.clear();
    },
    get size() {
      return waiting.size;
    },
    dispose() {
      off?.();
    },
  };
}
