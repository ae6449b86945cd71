// Registers a route from the contract's table of calls: its method, path, token check, schemas and
// OpenAPI entry all come from the call (docs/decisions/0017-one-table-of-calls.md); the route file
// gives only the handler, typed from the same call.
//
//   route(app, calls.artists.detail, (req) => catalogue.getArtist(userContext(app, req), req.params.id));
import type { Call, CallAuth, CallResponse } from '@cratedig/contract/call';
import { errorShape } from '@cratedig/contract/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';

type Parsed<C, K extends string> = C extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : unknown;

/** The request as a handler sees it: params, query and body parsed by the call's schemas. */
export type CallRequest<C extends Call> = FastifyRequest<{
  Params: Parsed<C, 'params'>;
  Querystring: Parsed<C, 'query'>;
  Body: Parsed<C, 'body'>;
}>;

/** A handler answers the call's success body, or sends its own answer (a 204) through the reply. */
export type CallHandler<C extends Call> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<Exclude<CallResponse<C>, undefined> | FastifyReply> | Exclude<CallResponse<C>, undefined>;

/** OpenAPI `security` of each kind of call: public calls say so with an empty list. */
export const SECURITY: Record<CallAuth, Record<string, string[]>[]> = {
  none: [],
  user: [{ bearer: [] }],
  firebase: [{ bearer: [] }],
  optional: [{ bearer: [] }, {}],
};

function tokenCheck(app: FastifyInstance, auth: CallAuth): onRequestHookHandler | undefined {
  if (auth === 'user') return app.authenticate;
  if (auth === 'firebase') return app.authenticateFirebase;
  if (auth === 'optional') return app.identify;
  return undefined;
}

/** The Fastify schema of a call: validation, serialisation and its OpenAPI operation. */
export function routeSchema(call: Call) {
  const response: Record<string, z.ZodType> = { ...call.responses };
  for (const status of call.errors) response[status] = call.errorBodies?.[status] ?? errorShape;
  return {
    operationId: call.operationId,
    summary: call.summary,
    tags: [call.tag],
    security: SECURITY[call.auth],
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    response,
  };
}

export function route<C extends Call>(app: FastifyInstance, call: C, handler: CallHandler<C>): void {
  const onRequest = tokenCheck(app, call.auth);
  app.route({
    method: call.method,
    url: call.path,
    ...(onRequest ? { onRequest } : {}),
    schema: routeSchema(call),
    handler: handler as never,
  });
}
