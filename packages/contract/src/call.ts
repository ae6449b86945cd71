// What a call of the API is: its method, path and who may make it (this file, no zod at run time, so
// the web app's client can import it without loading zod), plus its schemas (calls/*.ts). The API
// registers its routes from the table in calls.ts, the web app calls through a client typed from it,
// and the OpenAPI document is generated from it (docs/decisions/0017-one-table-of-calls.md).
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make the call: anyone ('none'), a signed-in user ('user': our access token or a Firebase ID
 * token of a known account), a verified Firebase identity ('firebase'), or anyone, with a token used
 * when one is sent ('optional').
 */
export type CallAuth = 'none' | 'user' | 'firebase' | 'optional';

/** The part of a call the web app needs at run time. */
export interface CallRoute {
  method: HttpMethod;
  /** Fastify's form: `/api/artists/:id`. */
  path: string;
  auth: CallAuth;
}

export type RouteTable = Record<string, Record<string, CallRoute>>;

/** Error statuses a call documents; each answers the error shape. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | '4xx' | '5xx';

/** Statuses with a body of their own (2xx answers, and e.g. health's 503). */
export type ResponseStatus = 200 | 201 | 204 | 503;

export interface CallSchemas {
  /** One line for the OpenAPI document. */
  summary: string;
  /** The OpenAPI tag the call is listed under. */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Partial<Record<ResponseStatus, z.ZodType>>;
  errors: readonly ErrorStatus[];
  /** Error statuses whose answer adds fields to the error shape (a 409 naming what it conflicts with). */
  errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>;
}

export type SchemaTable<R extends RouteTable> = { [G in keyof R]: { [K in keyof R[G]]: CallSchemas } };

/** A whole call: route, schemas and its operation id (`artistsDetail` for `artists.detail`). */
export type Call = CallRoute & CallSchemas & { operationId: string };

export type CallTable<R extends RouteTable, S extends SchemaTable<R>> = {
  [G in keyof R]: { [K in keyof R[G]]: R[G][K] & S[G][K & keyof S[G]] & { operationId: string } };
};

/** Joins the routes and the schemas of the same names into the table of calls. */
export function joinCalls<R extends RouteTable, S extends SchemaTable<R>>(
  routes: R,
  schemas: S,
): CallTable<R, S> {
  const table: Record<string, Record<string, Call>> = {};
  for (const [group, calls] of Object.entries(routes)) {
    const joined: Record<string, Call> = {};
    for (const [name, route] of Object.entries(calls)) {
      const callSchemas = (schemas as Record<string, Record<string, CallSchemas>>)[group]?.[name];
      if (!callSchemas) throw new Error(`The call ${group}.${name} has no schemas.`);
      joined[name] = { ...route, ...callSchemas, operationId: operationId(group, name) };
    }
    table[group] = joined;
  }
  for (const [group, named] of Object.entries(schemas as Record<string, Record<string, CallSchemas>>)) {
    for (const name of Object.keys(named)) {
      if (!routes[group]?.[name]) throw new Error(`The schemas of ${group}.${name} have no route.`);
    }
  }
  return table as CallTable<R, S>;
}

export function operationId(group: string, name: string): string {
  return group + name.charAt(0).toUpperCase() + name.slice(1);
}

/** `/api/artists/:id` with `{ id: 7 }` → `/api/artists/7` (each value percent-encoded). */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`The path ${path} needs the parameter ${name}.`);
    return encodeURIComponent(String(value));
  });
}

// ---------------------------------------------------------------------------------------------------
// Types of a call's parts, as the client sends them and as the server hands them to a handler.

type SchemaOf<C, K extends string> = C extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

// A path or query value travels as text; where the server reads it as a number or a boolean, the
// client may pass that instead (the transport writes it out).
type WireValue<I, O> = I | (O extends number | boolean ? O : never);
type In<S extends z.ZodType> = z.input<S>;
type Out<S extends z.ZodType, P> = P extends keyof z.output<S> ? z.output<S>[P] : never;

/** Path parameters as a client passes them (`{ id: 7 }`). */
export type CallParams<C> =
  SchemaOf<C, 'params'> extends infer S extends z.ZodType
    ? { [P in keyof In<S>]: WireValue<In<S>[P], Out<S, P>> }
    : undefined;

/** Query parameters as a client passes them: every one optional (the server fills defaults). */
export type CallQuery<C> =
  SchemaOf<C, 'query'> extends infer S extends z.ZodType
    ? { [P in keyof In<S>]?: WireValue<In<S>[P], Out<S, P>> | null }
    : undefined;

/** The JSON body as a client sends it. */
export type CallBody<C> = SchemaOf<C, 'body'> extends z.ZodType ? z.input<SchemaOf<C, 'body'>> : undefined;

type ResponsesOf<C> = C extends { responses: infer R } ? R : never;
type BodyOfStatus<C, S extends ResponseStatus> =
  ResponsesOf<C> extends { [P in S]: infer T extends z.ZodType } ? z.output<T> : never;

/** What a successful call answers: the 200/201 body, and undefined where the call may answer 204. */
export type CallResponse<C> =
  | BodyOfStatus<C, 200>
  | BodyOfStatus<C, 201>
  | (ResponsesOf<C> extends { 204: z.ZodType } ? undefined : never);
