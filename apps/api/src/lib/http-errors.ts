// Small named errors that services throw; plugins/errors.ts turns them into the domain error shape
// {code, status, message, errors?}. Throw these, never ad-hoc replies.

import type { ErrorShape } from '@cratedig/contract/common';

/** Per-field messages, keyed by where the input came from: the JSON body, the query string, the path. */
export type FieldErrors = NonNullable<ErrorShape['errors']>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
    /** Extra body fields a contract adds to the error shape (e.g. health's `database`). */
    readonly extra: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** No valid token (or wrong credentials). The web client's transport refreshes or signs out on it. */
export function unauthorized(message = 'Authentication is required.'): HttpError {
  // RFC 9110 §15.5.2: a 401 carries the scheme to authenticate with. Bearer, not Basic, so that
  // browsers never pop up their own password dialog.
  return new HttpError(401, message, undefined, { 'www-authenticate': 'Bearer realm="cratedig"' });
}

export function forbidden(message = 'You are not allowed to do this.'): HttpError {
  return new HttpError(403, message);
}

/** `notFound('Set')` → 404 "Set not found." */
export function notFound(what = 'Resource'): HttpError {
  return new HttpError(404, `${what} not found.`);
}

/**
 * 422 with per-field messages. Pass plain fields for body errors (`{ username: ['…'] }`), or a
 * FieldErrors object to place them under `query`.
 */
export function unprocessable(
  fields: Record<string, string[]> | FieldErrors,
  message = 'Some of the data sent is not valid.',
): HttpError {
  const byLocation = 'json' in fields || 'query' in fields || 'params' in fields;
  const errors = (byLocation ? fields : { json: fields }) as FieldErrors;
  return new HttpError(422, message, errors);
}

export function tooManyRequests(retryAfterS: number, message = 'Too many attempts. Please try again later.') {
  // Retry-After is whole seconds (RFC 9110 §10.2.3); round up so a client never retries too early.
  const seconds = Math.max(1, Math.ceil(retryAfterS));
  return new HttpError(429, message, undefined, { 'retry-after': String(seconds) });
}

export function serviceUnavailable(
  message = 'The service is temporarily unavailable.',
  extra: Record<string, string> = {},
): HttpError {
  return new HttpError(503, message, undefined, {}, extra);
}
