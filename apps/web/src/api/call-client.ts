/**
 * How a client of the API is made from the contract's table of calls (client.ts for the whole table,
 * accounts-client.ts for the first screen's part): one function per call, named as in
 * the table, going through the transport (tokens, refresh, retries: transport.ts). No path and no
 * answer type is written by hand; a changed schema breaks the build here
 * (docs/decisions/0017-one-table-of-calls.md).
 *
 *   const api = apiClient(transport);
 *   const artist = await api.artists.detail({ params: { id }, signal });   // Artist
 *   await api.artists.sets({ params: { id }, query: { offset: 20 } });      // a page of SetMeta
 *   await api.posts.create({ body });                                        // Post
 *   api.artists.detail.path({ id });                                         // '/artists/7' (query keys)
 *
 * Calls that need no token (sign-up, login, password reset, username lookup, client config) send none
 * and are never retried, as `auth: false` does on the transport.
 */
import type { CallBody, CallParams, CallQuery, CallResponse, CallRoute } from '@cratedig/contract/call';
import { fillPath } from '@cratedig/contract/call';
import type { Calls } from '@cratedig/contract/calls';
import type { QueryValue, RequestOptions, Transport } from './transport';

/** The transport's base: the table's paths start with it, the transport adds it back. */
const API_PREFIX = '/api';

type Present<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };
type Optional<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]?: T };

/** The arguments of one call: its params, query and body, plus the transport's own options. */
export type CallArgs<C> = Present<'params', CallParams<C>> &
  Optional<'query', CallQuery<C>> &
  Present<'body', CallBody<C>> &
  Pick<RequestOptions, 'signal' | 'headers' | 'auth' | 'keepalive' | 'retry' | 'waitOnRateLimit'>;

type PathArgs<C> = [CallParams<C>] extends [undefined] ? [] : [params: CallParams<C>];

/** One call of the client; `path` gives its path under /api, which query keys use. */
export type ClientCall<C> = (object extends CallArgs<C>
  ? (args?: CallArgs<C>) => Promise<CallResponse<C>>
  : (args: CallArgs<C>) => Promise<CallResponse<C>>) & {
  path: (...params: PathArgs<C>) => string;
};

export type ApiClient = { [G in keyof Calls]: { [K in keyof Calls[G]]: ClientCall<Calls[G][K]> } };

interface LooseArgs {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  auth?: boolean;
  keepalive?: boolean;
  retry?: boolean;
  waitOnRateLimit?: boolean;
}

function clientCall(transport: Transport, route: CallRoute) {
  const path = (params?: Record<string, string | number>) =>
    fillPath(route.path, params).slice(API_PREFIX.length);
  const call = (args: LooseArgs = {}) =>
    transport.request(route.method, path(args.params), {
      ...(args.query ? { query: args.query } : {}),
      ...(args.body !== undefined ? { body: args.body } : {}),
      ...(args.signal ? { signal: args.signal } : {}),
      ...(args.headers ? { headers: args.headers } : {}),
      ...(args.keepalive ? { keepalive: true } : {}),
      ...(args.retry !== undefined ? { retry: args.retry } : {}),
      ...(args.waitOnRateLimit !== undefined ? { waitOnRateLimit: args.waitOnRateLimit } : {}),
      auth: args.auth ?? route.auth !== 'none',
    });
  return Object.assign(call, { path });
}

type Table = Record<string, Record<string, CallRoute>>;

const made = new WeakMap<Transport, WeakMap<Table, unknown>>();

/**
 * A client of some groups of the table over `transport`: one function per call, made once per
 * transport and table.
 */
export function tableClient<T>(transport: Transport, table: Table): T {
  let byTable = made.get(transport);
  if (!byTable) {
    byTable = new WeakMap();
    made.set(transport, byTable);
  }
  let client = byTable.get(table) as T | undefined;
  if (!client) {
    const groups: Record<string, Record<string, unknown>> = {};
    for (const [group, named] of Object.entries(table)) {
      const calls: Record<string, unknown> = {};
      for (const [name, route] of Object.entries(named)) calls[name] = clientCall(transport, route);
      groups[group] = calls;
    }
    client = groups as T;
    byTable.set(table, client);
  }
  return client;
}
