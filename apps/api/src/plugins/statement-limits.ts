// Puts each request's SQL under the time limits of its kind of call (lib/statement-limits.ts): the
// search box and a list's `search` are searches, other GETs reads, everything else writes. A limit
// that fires answers 503 in the error shape (plugins/errors.ts) and the connection goes back to the
// pool at once. PostgreSQL only: the embedded database cannot interrupt a statement.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig, CallKind } from '../config';
import { runWithStatementLimits } from '../lib/statement-limits';

/** Routes whose every call is a search. */
const SEARCH_ROUTES = new Set(['/api/search']);

export function callKindOf(request: FastifyRequest): CallKind {
  if (SEARCH_ROUTES.has(request.routeOptions.url ?? '')) return 'search';
  if (request.method !== 'GET' && request.method !== 'HEAD') return 'write';
  const search = (request.query as { search?: unknown } | undefined)?.search;
  return typeof search === 'string' && search.trim() !== '' ? 'search' : 'read';
}

export function registerStatementLimits(app: FastifyInstance, config: AppConfig): void {
  app.addHook('onRequest', (request, _reply, done) => {
    runWithStatementLimits(config.statementLimits[callKindOf(request)], done);
  });
}
