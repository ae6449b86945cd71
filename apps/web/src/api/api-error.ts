/**
 * The one error type every API call rejects with (docs/web-app.md "The transport").
 *
 *   import { ApiError, isApiError, TRANSPORT_MESSAGES } from '../api/api-error';
 *   try { await apiClient(api.transport).accounts.login({ headers }) }
 *   catch (e) { if (isApiError(e) && e.status === 429) ... }
 *
 * `status` is the HTTP status, or the spec's synthetic one:
 * - 401 'Authentication required' when no valid token exists, without reaching the server (docs/web-app.md);
 *   `reason` then says why ('No valid authentication token available', 'No authentication method
 *   available for token refresh' or 'Authentication expired', docs/web-app.md).
 * - 500 'The server is unresponsive' for a network failure (kind 'network').
 * - 500 'Request failed' for anything unexpected (kind 'unexpected'), always with a request id.
 * `errors` is the domain error shape's `errors` (errors.json for body fields, errors.query for the
 * query string), so forms can show per-field messages (docs/accounts.md: registration reads errors.json).
 */
import type { ErrorShape } from '@cratedig/contract/common';

export const TRANSPORT_MESSAGES = {
  authRequired: 'Authentication required',
  noToken: 'No valid authentication token available',
  noRefreshMethod: 'No authentication method available for token refresh',
  authExpired: 'Authentication expired',
  unresponsive: 'The server is unresponsive',
  requestFailed: 'Request failed',
} as const;

/** Why a request could not get a token (set on the synthetic 401). */
export type NoTokenReason =
  | typeof TRANSPORT_MESSAGES.noToken
  | typeof TRANSPORT_MESSAGES.noRefreshMethod
  | typeof TRANSPORT_MESSAGES.authExpired;

/**
 * - http: the server answered with a 4xx/5xx;
 * - no-token: synthetic 401, the server was not called;
 * - network: fetch itself failed (offline, connection refused);
 * - unexpected: anything else (unreadable body, a bug).
 */
export type ApiErrorKind = 'http' | 'no-token' | 'network' | 'unexpected';

export type FieldErrors = NonNullable<ErrorShape['errors']>;

export interface ApiErrorInit {
  status: number;
  message: string;
  kind: ApiErrorKind;
  requestId?: string | undefined;
  errors?: FieldErrors | undefined;
  reason?: NoTokenReason | undefined;
  /** Seconds from a 429's Retry-After header. */
  retryAfterS?: number | undefined;
  /** The whole error body, for the fields a call adds to the domain shape (a 409's conflicting id). */
  body?: Record<string, unknown> | undefined;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly requestId: string | undefined;
  readonly errors: FieldErrors | undefined;
  readonly reason: NoTokenReason | undefined;
  readonly retryAfterS: number | undefined;
  readonly body: Record<string, unknown> | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.kind = init.kind;
    this.requestId = init.requestId;
    this.errors = init.errors;
    this.reason = init.reason;
    this.retryAfterS = init.retryAfterS;
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Structural check for the domain error shape; avoids shipping zod's runtime to every page. */
export function isErrorShape(body: unknown): body is ErrorShape {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.code === 'number' && typeof b.message === 'string';
}
