// Logger options, request ids and the request log. Logs never contain a password or a token:
// credential headers and fields of those names are censored, query strings are scrubbed, and request
// bodies are never logged at all.
//
// One line per request, written when it is answered: method, URL, status and time. Health checks,
// the web app's files and media (artwork, and the many range requests of every set that plays) are
// not logged unless they fail with a 5xx, so an hour of listening is a few hundred lines, not tens of
// thousands. On a terminal in development the lines are readable text (pino-pretty); anywhere else
// (a file, a log collector, production) they are JSON, one object a line.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
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
  // signed media links (docs/player.md) carry an HMAC that works as a short-lived token
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

/** Whether the log is written as readable text: asked for, or `auto` in development on a terminal. */
export function prettyLogs(
  config: Pick<AppConfig, 'logFormat' | 'env'>,
  isTerminal: boolean = process.stdout.isTTY === true,
): boolean {
  if (config.logFormat === 'auto') return config.env === 'development' && isTerminal;
  return config.logFormat === 'pretty';
}

/** Fastify `logger` options (pino). `stream` lets tests capture what would be written (always JSON). */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'logFormat' | 'env'>,
  stream?: NodeJS.WritableStream,
) {
  const pretty = !stream && prettyLogs(config);
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
    // Redaction happens before the line reaches the transport, so the readable form is censored too.
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              singleLine: true,
              translateTime: 'HH:MM:ss',
              ignore: 'pid,hostname,reqId,method,url,status,ms',
            },
          },
        }
      : {}),
  };
}

/** Requests answered without a line: health checks, and files (the web app's and media) that did not fail. */
export function isQuietRequest(url: string, statusCode: number): boolean {
  if (statusCode >= 500) return false;
  const path = url.split('?', 1)[0] ?? url;
  if (path === '/api/health' || path.startsWith('/api/health/')) return true;
  return !path.startsWith('/api/') && !path.startsWith('/public/');
}

const quietAnswers = new WeakSet<FastifyReply>();

/** This answer gets no log line, whatever its status (a starting server's health check). */
export function answerQuietly(reply: FastifyReply): void {
  quietAnswers.add(reply);
}

/**
 * The request log: Fastify's own two lines per request ("incoming request", "request completed")
 * are turned off in buildApp; this writes one, once the answer is sent.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    if (isQuietRequest(request.url, reply.statusCode) || quietAnswers.has(reply)) return;
    const url = scrubUrl(request.url);
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, url, status: reply.statusCode, ms };
    const message = `${request.method} ${url} ${reply.statusCode} ${ms} ms`;
    if (reply.statusCode >= 500) request.log.error(line, message);
    else request.log.info(line, message);
  });
}

/** An id safe to log and echo: our UUIDs are of this form too, and JSON escapes none of it. */
const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The binding Fastify gives each request's logger: the request id, under its default label. */
const REQUEST_ID_LABEL = 'reqId';

/**
 * Each request's logger: the app's logger with the request's id bound (Fastify's
 * `childLoggerFactory`). Pino writes every binding through the redaction of the wildcard paths above
 * (`*.password`, …), which cost a request 5 µs and some 16 KB of garbage for its id alone, a quarter
 * of all a catalogue detail page allocated (bench/README.md, "Headroom: where search and the
 * catalogue stand"). A request id is never a secret and is always a safe token (genReqId: our UUID
 * or an id of `SANE_REQUEST_ID`'s form), so it is bound as the JSON text pino would have written for
 * it. Anything else (other bindings, an unexpected id) goes through pino as before.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: object,
): FastifyBaseLogger {
  const id = bindings[REQUEST_ID_LABEL];
  if (Object.keys(bindings).length !== 1 || typeof id !== 'string' || !SANE_REQUEST_ID.test(id))
    return logger.child(bindings, options);
  const child = logger.child({}, options) as FastifyBaseLogger & Record<symbol, string>;
  child[pino.symbols.chindingsSym] += `,"${REQUEST_ID_LABEL}":${JSON.stringify(id)}`;
  return child;
}

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
