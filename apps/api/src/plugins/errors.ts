// The one error handler: every 4xx/5xx becomes the domain error shape {code, status, message,
// errors?, request_id}; 5xx are logged with the request id and answered with a generic message that
// leaks no internals.
import { STATUS_CODES } from 'node:http';
import type { ErrorShape } from '@cratedig/contract/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorChain, isDatabaseUnavailable } from '../lib/database-errors';
import { type FieldErrors, isHttpError, notFound } from '../lib/http-errors';

/** Logged when PostgreSQL refused a value that the contract let through: a validation gap to close. */
export const DATA_EXCEPTION_LOG = 'the database refused a value the contract let through';
const GENERIC_5XX = 'Something went wrong on our side. Please try again in a moment.';
/** webargs' key for an error about the whole body rather than one field (the spec's API came from it). */
const WHOLE_INPUT_KEY = '_schema';

export interface ErrorHandlingOptions {
  /**
   * Called for an unmatched request before it becomes a 404; returns true when it answered the
   * request itself (the web app's index.html fallback).
   */
  fallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

export function registerErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { body, headers } = toErrorResponse(error);
    body.request_id = request.id;
    if (body.code >= 500 && body.code !== 503) {
      // The request logger carries the request id, which the client saw in x-request-id.
      request.log.error({ err: error }, 'request failed');
    } else if (isDataException(error)) {
      request.log.warn({ err: error, code: body.code }, DATA_EXCEPTION_LOG);
    } else if (body.code === 503) {
      const what = isStatementStopped(error)
        ? 'a statement was stopped by its time limit'
        : 'the database is unavailable';
      request.log.warn({ err: error, code: body.code }, what);
    } else {
      request.log.info({ code: body.code, message: body.message }, 'request rejected');
    }
    // Headers of a half-sent success (content-type of a file, ranges) must not stick to the error.
    for (const name of ['content-type', 'content-length', 'content-range', 'content-encoding', 'etag']) {
      reply.removeHeader(name);
    }
    return reply.code(body.code).headers(headers).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (options.fallback && (await options.fallback(request, reply))) return reply;
    const path = request.url.split('?')[0];
    const what = path?.startsWith('/api/') || path === '/api' ? `Endpoint ${request.method} ${path}` : 'File';
    throw notFound(what);
  });
}

/**
 * Fastify's errors raised before routing (a malformed percent-encoding, a path parameter past
 * maxParamLength): answered in the domain error shape like every other error. Pass as Fastify's
 * `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long.'
      : 'The address is not valid (malformed percent-encoding).';
  request.log.info({ code: status, message }, 'request rejected');
  // Raised before the hooks that add the security headers: the ones a JSON answer needs, here.
  void reply
    .code(status)
    .headers({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    })
    .type('application/json; charset=utf-8')
    .send({ ...errorBody(status, message), request_id: request.id });
}

/**
 * deadlock_detected or serialization_failure (also a replica cancelling a read to replay over it):
 * two transactions crossed; the same request again goes through.
 */
export function isTransientConflict(error: unknown): boolean {
  for (const link of errorChain(error)) {
    if (link.code === '40P01' || link.code === '40001') return true;
  }
  return false;
}

/** query_canceled (a statement_timeout) or lock_not_available (a lock_timeout). */
export function isStatementStopped(error: unknown): boolean {
  for (const link of errorChain(error)) {
    if (link.code === '57014' || link.code === '55P03') return true;
  }
  return false;
}

function isDataException(error: unknown): boolean {
  for (const link of errorChain(error)) {
    if (typeof link.code === 'string' && /^22[0-9A-Z]{3}$/.test(link.code)) return true;
  }
  return false;
}

export function errorBody(code: number, message: string, errors?: FieldErrors): ErrorShape {
  return { code, status: STATUS_CODES[code] ?? 'Error', message, ...(errors ? { errors } : {}) };
}

function toErrorResponse(error: FastifyError): { body: ErrorShape; headers: Record<string, string> } {
  if (isHttpError(error)) {
    const body = { ...error.extra, ...errorBody(error.statusCode, error.message, error.errors) };
    return { body, headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { body: validationBody(error.validationContext, error.validation), headers: {} };
  }
  if (isDatabaseUnavailable(error)) {
    // The pool reconnects by itself once the database is back; clients retry (Retry-After).
    return {
      body: errorBody(503, 'The service is temporarily unavailable. Please try again in a moment.'),
      headers: { 'retry-after': '5' },
    };
  }
  if (isTransientConflict(error)) {
    return {
      body: errorBody(503, 'The service is temporarily unavailable. Please try again in a moment.'),
      headers: { 'retry-after': '1' },
    };
  }
  if (isStatementStopped(error)) {
    // A statement ran past its request's time limit, or waited too long for a lock
    // (lib/statement-limits.ts): the request is dropped and its connection is free again.
    return {
      body: errorBody(503, 'This request took too long and was stopped. Please try again in a moment.'),
      headers: { 'retry-after': '5' },
    };
  }
  if (isDataException(error)) {
    // A value PostgreSQL cannot take (class 22: a bad date, a number out of range, NUL in text) is
    // the client's; the contract should have refused it first, so it is logged as a gap to close.
    return { body: errorBody(422, 'Some of the data sent is not valid.'), headers: {} };
  }
  if (isResponseSerializationError(error)) {
    // Our response did not match the contract: a bug on our side, never the client's fault.
    return { body: errorBody(500, GENERIC_5XX), headers: {} };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { body: errorBody(400, 'The request body is not valid JSON.'), headers: {} };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { body: errorBody(413, 'The request body is too large.'), headers: {} };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { body: errorBody(415, 'This content type is not supported; send JSON.'), headers: {} };
  }
  // JSON.parse failures surface as a SyntaxError tagged 400 by Fastify's body parser.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { body: errorBody(400, 'The request body is not valid JSON.'), headers: {} };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's and its plugins' client errors carry messages written for clients.
    const body = errorBody(status, error.message || (STATUS_CODES[status] ?? 'Error'));
    return { body, headers: passThroughHeaders(error) };
  }
  return { body: errorBody(status >= 500 && status < 600 ? status : 500, GENERIC_5XX), headers: {} };
}

/** Headers that http-errors style errors carry and the client needs (416's Content-Range: RFC 9110 §15.5.17). */
const ERROR_HEADERS = ['content-range', 'retry-after', 'allow', 'www-authenticate'];

function passThroughHeaders(error: FastifyError): Record<string, string> {
  const carried = (error as { headers?: unknown }).headers;
  if (!carried || typeof carried !== 'object') return {};
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(carried)) {
    if (ERROR_HEADERS.includes(name.toLowerCase()) && typeof value === 'string')
      headers[name.toLowerCase()] = value;
  }
  return headers;
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
}

function validationBody(context: string | undefined, issues: ValidationIssue[]): ErrorShape {
  if (context === 'headers') return errorBody(400, 'Some request headers are not valid.');
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.instancePath.replace(/^\//, '').split('/').join('.') || WHOLE_INPUT_KEY;
    const list = fields[key] ?? [];
    fields[key] = list;
    list.push(issueMessage(issue));
  }
  // A path parameter that does not parse (say /sets/abc) names nothing that can exist: 404.
  if (context === 'params') return errorBody(404, 'Resource not found.', { params: fields });
  if (context === 'querystring')
    return errorBody(422, 'Some query parameters are not valid.', { query: fields });
  return errorBody(422, 'Some of the data sent is not valid.', { json: fields });
}

function issueMessage(issue: ValidationIssue): string {
  const message = issue.message ?? 'Invalid value.';
  // zod says "Invalid input: expected string, received undefined" for a missing field; say it plainly.
  if (issue.keyword === 'invalid_type' && /received undefined$/.test(message)) {
    return 'Missing data for required field.';
  }
  return message;
}
