// The error statuses each family of calls documents; every one answers the error shape
// {code, status, message, errors?}. They also pick the serializer of an error answer, so a call keeps
// the list it was built with.
import { z } from 'zod';
import type { ErrorStatus } from '../call';

export const CATALOGUE_ERRORS = [401, 404, 422, '5xx'] as const satisfies readonly ErrorStatus[];
export const ACCOUNT_ERRORS = ['4xx', '5xx'] as const satisfies readonly ErrorStatus[];
export const PLAYER_ERRORS = [401, 403, 404, 422, '5xx'] as const satisfies readonly ErrorStatus[];
export const MOMENT_ERRORS = [400, 401, 404, 422, '5xx'] as const satisfies readonly ErrorStatus[];
export const LIBRARY_ERRORS = PLAYER_ERRORS;
export const COMMENT_ERRORS = [
  400,
  401,
  403,
  404,
  413,
  415,
  422,
  '5xx',
] as const satisfies readonly ErrorStatus[];
export const IDENTIFICATION_ERRORS = [
  400,
  401,
  403,
  404,
  409,
  413,
  415,
  422,
  429,
  '5xx',
] as const satisfies readonly ErrorStatus[];
export const LIVE_ERRORS = [401, 422, 429, '5xx'] as const satisfies readonly ErrorStatus[];
export const NOTIFICATION_ERRORS = CATALOGUE_ERRORS;
export const SEARCH_ERRORS = [401, 422, '5xx'] as const satisfies readonly ErrorStatus[];
export const SERVER_ERRORS = ['5xx'] as const satisfies readonly ErrorStatus[];
/** What a 204 answers: no body. */
export const noContent = z.null().meta({ description: 'No content.' });
