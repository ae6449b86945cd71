/**
 * The transport: every call to the API goes through here (docs/web-app.md "The transport"; conventions:
 * pages never handle 401s themselves).
 *
 *   const { transport, tokens, events } = useApi();          // in React (api-context.tsx)
 *   const me = await apiClient(transport).accounts.me();      // client.ts: calls typed from the contract
 *
 * Features call through the client (client.ts), which names each call as the contract's table does and
 * hands the transport a method and a path; nothing else writes a path.
 * Paths are relative to /api. Resolves to the parsed JSON body (undefined for 204
 * or an empty body); rejects with an ApiError {status, message, requestId, errors, reason} (api-error.ts).
 *
 * Rules:
 * - JSON bodies, `Authorization: Bearer {token}` from the token manager, query parameters in the query
 *   string (null/undefined dropped, arrays repeated), an `x-request-id` header on every call.
 * - auth: false (sign-up, login, password reset, username lookup) sends no token and never retries.
 * - No valid token: a synthetic 401 'Authentication required' without calling the server (docs/web-app.md),
 *   with reason 'No valid authentication token available' or 'No authentication method available
 *   for token refresh' (docs/web-app.md).
 * - 401: wait 1 s, 2 s, 4 s (doubling), refresh, retry; 1 retry while visible, 3 while the tab is
 *   hidden; then the 401 is returned (rejected with).
 * - 429: waits Retry-After seconds (default 60) and retries, at most 3 times.
 * - Network failure: queued while the tab is hidden and replayed when it is visible again; otherwise
 *   a synthetic 500 'The server is unresponsive'.
 * - Anything unexpected (an unreadable body, a non-JSON answer): 500 'Request failed' with the
 *   server's x-request-id, or the one we sent.
 * - An aborted signal rejects with the signal's reason (AbortError), unchanged.
 */

import { AUTH } from '@cratedig/contract/constants';
import { ApiError, isApiError, isErrorShape, TRANSPORT_MESSAGES } from './api-error';
import type { AuthEvents } from './auth-events';
import { endSession } from './end-session';
import {
  createErrorRecovery,
  documentVisibility,
  type ErrorRecovery,
  parseRetryAfter,
  sleep,
  type Visibility,
} from './error-recovery';
import { createTokenManager, type TokenManager } from './token-manager';
import { saysSessionEnded } from './token-refresh-strategies';

/**
 * docs/database.md "A read replica": a write's answer names the database position after it
 * (Cratedig-Wrote, "1/3000060"); for a minute every call sends the newest one back
 * (Cratedig-Read-After), so whichever instance answers reads this listener's own writes. Positions
 * are kept zero-padded ("00000001/03000060"), so the newest is the greatest string.
 */
const READ_AFTER_MS = 60_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | readonly QueryScalar[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Sent as JSON; omit for no body (Fastify rejects an empty body declared as JSON). */
  body?: unknown;
  /** Default true. false: no Authorization token and no retries (docs/accounts.md sign-up and login). */
  auth?: boolean;
  /** Default: the value of auth. Turns the 401/429/hidden-network retries off when false. */
  retry?: boolean;
  /**
   * Default true. false: a 429 rejects at once (with retryAfterS) instead of waiting Retry-After and
   * sending again, for limits measured in minutes or hours that the page tells the listener about.
   */
  waitOnRateLimit?: boolean;
  /** Extra headers, e.g. the Basic authorization of POST /tokens. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Outlives the page (fetch keepalive): for the last save as the page is left or reloaded. */
  keepalive?: boolean;
}

export interface Transport {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
}

export interface TransportDeps {
  tokens: TokenManager;
  fetch?: typeof fetch;
  visibility?: Visibility;
  recovery?: ErrorRecovery;
  now?: () => number;
  apiBase?: string;
  createRequestId?: () => string;
}

export function createTransport(deps: TransportDeps): Transport {
  const { tokens } = deps;
  const doFetch: typeof fetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const visibility = deps.visibility ?? documentVisibility();
  const recovery = deps.recovery ?? createErrorRecovery({ tokens, visibility });
  const now = deps.now ?? (() => Date.now());
  const apiBase = deps.apiBase ?? '/api';
  const createRequestId = deps.createRequestId ?? randomRequestId;
  // With a read replica, the newest write's position and until when later calls ask to see it
  let readAfter: [string, number] | undefined;

  async function send<T>(method: HttpMethod, path: string, options: RequestOptions, requestId: string) {
    const auth = options.auth ?? true;
    const retry = options.retry ?? auth;
    const { signal } = options;
    const url = apiBase + path + queryString(options.query);
    let unauthorizedRetries = 0;
    let rateLimitRetries = 0;

    for (;;) {
      const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': requestId };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (auth) {
        const result = await tokens.acquireToken();
        if (result.token === null) {
          // docs/web-app.md: no valid token, no server call.
          throw new ApiError({
            status: 401,
            message: TRANSPORT_MESSAGES.authRequired,
            kind: 'no-token',
            reason: result.reason,
            requestId,
          });
        }
        headers.authorization = `Bearer ${result.token}`;
      }
      if (readAfter && now() < readAfter[1]) headers['cratedig-read-after'] = readAfter[0];
      Object.assign(headers, options.headers);

      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal,
          ...(options.keepalive ? { keepalive: true } : {}),
        });
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        // docs/web-app.md: a network error while the tab is hidden is queued, then replayed when visible.
        if (retry && (await recovery.queueWhileHidden(signal))) continue;
        throw new ApiError({
          status: 500,
          message: TRANSPORT_MESSAGES.unresponsive,
          kind: 'network',
          requestId,
          cause: error,
        });
      }
      const answeredId = response.headers.get('x-request-id') || requestId;
      const wrote = response.headers.get('cratedig-wrote')?.split('/');
      if (wrote?.length === 2) {
        const lsn = wrote
          .map((part) => part.padStart(8, '0'))
          .join('/')
          .toUpperCase();
        if (!readAfter || now() >= readAfter[1] || lsn > readAfter[0])
          readAfter = [lsn, now() + READ_AFTER_MS];
      }

      if (response.ok) return (await readBody(response, answeredId)) as T;

      // A session ended on the server (signed out elsewhere): no wait and no refresh can bring it back.
      if (response.status === 401 && auth && (await saysSessionEnded(response))) {
        tokens.sessionEndedOnServer();
      } else if (response.status === 401 && auth && retry) {
        // docs/web-app.md: 1 retry in the foreground, 3 when hidden, back-off 1 s doubling.
        const maxRetries = visibility.isHidden() ? AUTH.retries401Background : AUTH.retries401Foreground;
        if (unauthorizedRetries < maxRetries) {
          await sleep(AUTH.backoffBaseMs * 2 ** unauthorizedRetries, signal);
          unauthorizedRetries += 1;
          if (await tokens.refresh()) continue;
          // The refresh failed for good (authError already emitted): the 401 stands.
        }
      }

      const error = await errorFromResponse(response, answeredId, now());
      if (
        response.status === 429 &&
        retry &&
        options.waitOnRateLimit !== false &&
        (await recovery.waitForRateLimit(error, rateLimitRetries, signal))
      ) {
        rateLimitRetries += 1;
        continue;
      }
      throw error;
    }
  }

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const requestId = createRequestId();
    try {
      return await send<T>(method, path, options, requestId);
    } catch (error) {
      if (isApiError(error) || options.signal?.aborted) throw error;
      // docs/web-app.md: unexpected failure → 500 'Request failed' with a request id.
      console.error(`request ${method} ${path} failed (request id ${requestId})`, error);
      throw new ApiError({
        status: 500,
        message: TRANSPORT_MESSAGES.requestFailed,
        kind: 'unexpected',
        requestId,
        cause: error,
      });
    }
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    delete: (path, options) => request('DELETE', path, options),
  };
}

/** `Basic base64(username:password)` for POST /tokens, UTF-8 safe. */
export function basicAuth(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** docs/web-app.md: a 204 gives an empty body (undefined); JSON otherwise. */
async function readBody(response: Response, requestId: string): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw unexpected(requestId, error);
  }
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) throw unexpected(requestId, new Error(`expected JSON, got '${type}'`));
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw unexpected(requestId, error);
  }
}

async function errorFromResponse(response: Response, requestId: string, nowMs: number): Promise<ApiError> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text()) as unknown;
  } catch {
    body = undefined;
  }
  const retryAfterS =
    response.status === 429 ? parseRetryAfter(response.headers.get('retry-after'), nowMs) : undefined;
  if (isErrorShape(body)) {
    return new ApiError({
      status: response.status,
      message: body.message,
      kind: 'http',
      requestId: body.request_id ?? requestId,
      errors: body.errors,
      retryAfterS,
      body: body as unknown as Record<string, unknown>,
    });
  }
  return new ApiError({
    status: response.status,
    message: TRANSPORT_MESSAGES.requestFailed,
    kind: 'http',
    requestId,
    retryAfterS,
  });
}

function unexpected(requestId: string, cause: unknown): ApiError {
  return new ApiError({
    status: 500,
    message: TRANSPORT_MESSAGES.requestFailed,
    kind: 'unexpected',
    requestId,
    cause,
  });
}

/** Matches the API's accepted request id format (≤ 64 chars of [A-Za-z0-9_-]). */
function randomRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain http on a LAN address has only getRandomValues.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

export interface Api {
  transport: Transport;
  tokens: TokenManager;
  events: AuthEvents;
  recovery: ErrorRecovery;
  /** Logout: forgets the tokens here and ends their session on the server (end-session.ts). */
  endSession: () => Promise<boolean>;
}

/** Builds the four pieces wired together; the app makes one and hands it down with <ApiProvider>. */
export function createApi(
  deps: { tokens?: TokenManager; visibility?: Visibility; onReauthenticate?: () => void } = {},
): Api {
  const tokens = deps.tokens ?? createTokenManager();
  const visibility = deps.visibility ?? documentVisibility();
  const recovery = createErrorRecovery({ tokens, visibility, onReauthenticate: deps.onReauthenticate });
  return {
    tokens,
    events: tokens.events,
    recovery,
    transport: createTransport({ tokens, visibility, recovery }),
    endSession: () => endSession(tokens),
  };
}
