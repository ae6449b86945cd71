/**
 * The error-recovery helper of docs/web-app.md, framework-free.
 *
 *   const recovery = createErrorRecovery({ tokens, onReauthenticate: () => navigate('/login') });
 *   await recovery.run(() => loadSomething());   // for operations outside the transport
 *   audio.onerror = () => void recovery.onPlaybackError();
 *
 * Rules:
 * - A 401 or an expired token leads to a token refresh (then one retry); when no token can be had,
 *   onReauthenticate is called (the auth failure that cannot refresh re-authenticates).
 * - 429 waits the Retry-After seconds (default 60) and retries, at most 3 retries.
 * - A network error while the tab is hidden is queued and replayed once the tab is visible again.
 * - Audio or playback errors trigger a token refresh.
 *
 * The transport (transport.ts) already applies the 429 and hidden-tab rules to every request through
 * waitForRateLimit / queueWhileHidden, and has its own 401 back-off (docs/web-app.md Transport), so do not
 * wrap transport calls in run(): that would retry twice.
 */
import { AUTH } from '@cratedig/contract/constants';
import { type ApiError, isApiError } from './api-error';

/** Page visibility, injectable for tests; documentVisibility() is the browser's. */
export interface Visibility {
  isHidden(): boolean;
  /** Calls listener each time the page becomes visible; returns the unsubscribe function. */
  onVisible(listener: () => void): () => void;
}

export function documentVisibility(doc: Document = document): Visibility {
  return {
    isHidden: () => doc.visibilityState === 'hidden',
    onVisible(listener) {
      const handler = () => {
        if (doc.visibilityState === 'visible') listener();
      };
      doc.addEventListener('visibilitychange', handler);
      return () => doc.removeEventListener('visibilitychange', handler);
    },
  };
}

/** Resolves after ms, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Seconds to wait from a Retry-After header: delay-seconds or an HTTP date; the spec's default 60 s
 * when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number = Date.now(),
  defaultS: number = AUTH.rateLimitDefaultWaitS,
): number {
  if (!value) return defaultS;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return defaultS;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

export interface ErrorRecoveryDeps {
  tokens: { refresh(): Promise<string | null> };
  visibility?: Visibility;
  /** Called when an auth failure cannot be fixed by a refresh (e.g. the AuthProvider clears the user). */
  onReauthenticate?: () => void;
}

export interface ErrorRecovery {
  /** After a 429: waits Retry-After and resolves true, or false once `retriesSoFar` reached 3. */
  waitForRateLimit(error: ApiError, retriesSoFar: number, signal?: AbortSignal): Promise<boolean>;
  /** After a network error: while hidden, waits until visible and resolves true (replay); else false. */
  queueWhileHidden(signal?: AbortSignal): Promise<boolean>;
  /** A 401 or expired token: refreshes; false (after onReauthenticate) when no token can be had. */
  refreshAfterAuthFailure(): Promise<boolean>;
  /** docs/web-app.md: audio or playback errors trigger a token refresh. Resolves to the token or null. */
  onPlaybackError(): Promise<string | null>;
  /** Runs an operation that is not a transport call, recovering as above until it succeeds or cannot. */
  run<T>(operation: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export function createErrorRecovery(deps: ErrorRecoveryDeps): ErrorRecovery {
  const visibility = deps.visibility ?? documentVisibility();

  const refreshAfterAuthFailure = async () => {
    const token = await deps.tokens.refresh();
    if (token) return true;
    deps.onReauthenticate?.();
    return false;
  };

  const queueWhileHidden = (signal?: AbortSignal) =>
    new Promise<boolean>((resolve, reject) => {
      if (!visibility.isHidden()) {
        resolve(false);
        return;
      }
      const onAbort = () => {
        unsubscribe();
        reject(signal?.reason);
      };
      const unsubscribe = visibility.onVisible(() => {
        unsubscribe();
        signal?.removeEventListener('abort', onAbort);
        resolve(true);
      });
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });

  const waitForRateLimit = async (error: ApiError, retriesSoFar: number, signal?: AbortSignal) => {
    if (retriesSoFar >= AUTH.rateLimitMaxRetries) return false;
    await sleep((error.retryAfterS ?? AUTH.rateLimitDefaultWaitS) * 1000, signal);
    return true;
  };

  return {
    waitForRateLimit,
    queueWhileHidden,
    refreshAfterAuthFailure,
    onPlaybackError: () => deps.tokens.refresh(),
    async run(operation, signal) {
      let rateLimitRetries = 0;
      let authRetried = false;
      for (;;) {
        try {
          return await operation();
        } catch (error) {
          if (isAuthFailure(error) && !authRetried) {
            authRetried = true;
            if (await refreshAfterAuthFailure()) continue;
          } else if (isApiError(error) && error.status === 429) {
            if (await waitForRateLimit(error, rateLimitRetries, signal)) {
              rateLimitRetries += 1;
              continue;
            }
          } else if (isNetworkError(error) && (await queueWhileHidden(signal))) {
            continue;
          }
          throw error;
        }
      }
    },
  };
}

function isAuthFailure(error: unknown): boolean {
  if (isApiError(error)) return error.status === 401;
  // Firebase and JWT libraries report an expired token by code or message rather than a status.
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.includes('token-expired')) return true;
  return error instanceof Error && /expired token|token expired/i.test(error.message);
}

function isNetworkError(error: unknown): boolean {
  // fetch rejects with a TypeError when the network fails; the transport wraps that as kind 'network'.
  return (isApiError(error) && error.kind === 'network') || error instanceof TypeError;
}
