// Logger options and request ids. Logs never contain a password or a token: credential
// headers and fields of those names are censored, query strings are scrubbed, and request bodies are
// never logged at all.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/** Field names whose values are secrets wherever they appear (bodies, queries, log objects). */
export const SECRET_FIELDS = [
  'password',
  'new_password',
  'old_password',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  // signed media links (domain.md "Player") carry an HMAC that works as a short-lived token
  'sig',
  'signature',
  // single-use tickets that open a live-event stream (docs/identifications-api.md)
  'ticket',
] as const;

const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization', 'x-api-key'];
const CENSOR = '[redacted]';

const REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((header) => [
    `req.headers["${header}"]`,
    `res.headers["${header}"]`,
    `headers["${header}"]`,
  ]),
  // Up to three levels deep covers log objects such as {body: {user: {password}}}.
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `*.*.*.${field}`]),
];

/** Replaces the values of secret query parameters, keeping the rest of the URL readable. */
export function scrubUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if ((SECRET_FIELDS as readonly string[]).includes(key.toLowerCase())) {
      params.set(key, CENSOR);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryAt)}?${params.toString()}` : url;
}

/** Fastify `logger` options (pino). `stream` lets tests capture what would be written. */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>, stream?: NodeJS.WritableStream) {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      // Fastify's default request serializer, minus anything secret: no headers, a scrubbed URL.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: scrubUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Honours an incoming x-request-id (from a proxy or the client) when it is safe to log and echo,
 * so one id follows a request across services; otherwise makes a fresh one.
 */
export function genReqId(raw: IncomingMessage): string {
  const incoming = raw.headers['x-request-id'];
  if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}

/** Echoes the request id on every response, errors and 404s included, so a report can quote it. */
export function registerRequestIdEcho(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
