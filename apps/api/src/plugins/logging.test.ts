import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { isQuietRequest, loggerOptions, prettyLogs, requestLogger, scrubUrl } from './logging';

const SECRETS = {
  bearer: 'eyJhbGciOiJIUzI1NiJ9.bearer-secret',
  basic: Buffer.from('dj-one:basic-pass-77').toString('base64'),
  cookie: 'cookie-secret-55',
  password: 'hunter2-pass',
  newPassword: 'brand-new-pass-9',
  refresh: 'refresh-secret-31',
  queryToken: 'reset-token-in-query',
  accessToken: 'access-token-in-query',
};

let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  app = await buildTestApp(
    { logLevel: 'trace' },
    {
      logStream: stream,
      register: (instance) => {
        instance.post('/api/test/login', async (request) => {
          // A careless later change that logs a body must still not leak its secrets.
          request.log.info({ body: request.body, headers: request.headers }, 'careless debug line');
          throw new Error('login exploded');
        });
      },
    },
  );
});

afterAll(async () => {
  await app.close();
});

describe('logs', () => {
  it('never contain a password, a token, a cookie or an authorization header', async () => {
    await app.inject({
      method: 'POST',
      url: `/api/test/login?token=${SECRETS.queryToken}&access_token=${SECRETS.accessToken}&page=2`,
      headers: { authorization: `Bearer ${SECRETS.bearer}`, cookie: `session=${SECRETS.cookie}` },
      payload: {
        username: 'dj-one',
        password: SECRETS.password,
        new_password: SECRETS.newPassword,
        nested: { refresh_token: SECRETS.refresh },
      },
    });
    await app.inject({
      method: 'POST',
      url: '/api/test/login',
      headers: { authorization: `Basic ${SECRETS.basic}` },
      payload: { password: SECRETS.password },
    });
    const log = lines.join('');
    // The requests were logged (so the check below is not vacuous)...
    expect(log).toContain('careless debug line');
    expect(log).toContain('/api/test/login?token=%5Bredacted%5D');
    expect(log).toContain('page=2');
    expect(log).toContain('login exploded');
    // ...and none of the secrets made it.
    for (const secret of Object.values(SECRETS)) expect(log).not.toContain(secret);
  });

  it('carry the request id that the response echoed', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/sets',
      headers: { 'x-request-id': 'trace-me-1' },
    });
    expect(response.headers['x-request-id']).toBe('trace-me-1');
    expect(lines.some((line) => line.includes('"reqId":"trace-me-1"'))).toBe(true);
  });

  it('hold one line per request: method, URL, status and time', async () => {
    const from = lines.length;
    await app.inject({ method: 'GET', url: '/api/sets?limit=2', headers: { 'x-request-id': 'one-line-1' } });
    // (other lines may carry the id too, at this trace level: the request's own line is the one with a status)
    const mine = lines
      .slice(from)
      .filter((line) => line.includes('"reqId":"one-line-1"') && line.includes('"status":'));
    expect(mine).toHaveLength(1);
    const entry = JSON.parse(mine[0] ?? '{}');
    expect(entry).toMatchObject({ method: 'GET', url: '/api/sets?limit=2', status: 401 });
    expect(entry.msg).toMatch(/^GET \/api\/sets\?limit=2 401 \d+ ms$/);
  });

  it('leave out health checks, the web app and media, unless they fail', async () => {
    const from = lines.length;
    await app.inject({ method: 'GET', url: '/api/sets', headers: { 'x-request-id': 'loud-1' } });
    expect(lines.slice(from).some((line) => line.includes('"status":401'))).toBe(true);
    const after = lines.length;
    await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'quiet-1' } });
    await app.inject({ method: 'GET', url: '/assets/index.js', headers: { 'x-request-id': 'quiet-2' } });
    await app.inject({
      method: 'GET',
      url: '/media/audio/set.mp3?exp=1&sig=abc',
      headers: { 'x-request-id': 'quiet-3', range: 'bytes=0-1023' },
    });
    const requestLines = lines.slice(after).filter((line) => line.includes('"status":'));
    expect(requestLines).toEqual([]);
  });
});

describe("a request's logger", () => {
  /** The lines a logger writes (JSON, time left out), through the app's own logger options. */
  function capture(write: (root: FastifyBaseLogger) => void): unknown[] {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        written.push(chunk.toString());
        callback();
      },
    });
    // Fastify hands the options' stream to pino as its destination
    const { stream: _destination, ...options } = loggerOptions(
      { logLevel: 'info', logFormat: 'json', env: 'production' },
      stream,
    );
    write(pino(options, stream));
    return written.map((line) => {
      const { time: _time, ...rest } = JSON.parse(line);
      return rest;
    });
  }

  it.each([
    ['an id sent by a proxy', { reqId: 'trace-me-1' }],
    ['an id we made', { reqId: randomUUID() }],
    ['an id JSON must escape', { reqId: 'we"ird\\id' }],
    ['more than the id', { reqId: 'trace-me-2', route: '/api/sets' }],
  ])(
    'writes %s as pino itself binds it, secrets still redacted, in its own children too',
    (_name, bindings) => {
      const log = (logger: FastifyBaseLogger) => {
        logger.info({ body: { password: 'hunter2-pass' }, token: 'tok-1' }, 'a line');
        logger.child({ job: 'digest' }).warn({ nested: { refresh_token: 'ref-1' } }, 'a child line');
      };
      const ours = capture((root) => log(requestLogger(root, bindings, {})));
      const pinos = capture((root) => log(root.child(bindings, {})));
      expect(ours).toEqual(pinos);
      expect(ours[0]).toMatchObject({ ...bindings, body: { password: '[redacted]' }, token: '[redacted]' });
      expect(ours[1]).toMatchObject({ ...bindings, job: 'digest', nested: { refresh_token: '[redacted]' } });
    },
  );

  it('takes the level a route asks for', () => {
    const lines = capture((root) => {
      const logger = requestLogger(root, { reqId: 'quiet-route-1' }, { level: 'warn' });
      logger.info('not written');
      logger.warn('written');
    });
    expect(lines).toEqual([expect.objectContaining({ reqId: 'quiet-route-1', msg: 'written' })]);
  });
});

describe('which requests are quiet', () => {
  it('health checks and files are; the API, share pages and any 5xx are not', () => {
    expect(isQuietRequest('/api/health', 200)).toBe(true);
    expect(isQuietRequest('/media/audio/a.mp3?sig=x', 206)).toBe(true);
    expect(isQuietRequest('/assets/index-abc.js', 200)).toBe(true);
    expect(isQuietRequest('/sets/12', 200)).toBe(true);
    expect(isQuietRequest('/api/sets', 200)).toBe(false);
    expect(isQuietRequest('/api/healthy-sets', 200)).toBe(false);
    expect(isQuietRequest('/public/preview/sets/1', 404)).toBe(false);
    expect(isQuietRequest('/media/audio/a.mp3', 500)).toBe(false);
  });
});

describe('the log format', () => {
  it('is readable text in development on a terminal, JSON elsewhere, and as set when set', () => {
    expect(prettyLogs({ logFormat: 'auto', env: 'development' }, true)).toBe(true);
    expect(prettyLogs({ logFormat: 'auto', env: 'development' }, false)).toBe(false);
    expect(prettyLogs({ logFormat: 'auto', env: 'production' }, true)).toBe(false);
    expect(prettyLogs({ logFormat: 'json', env: 'development' }, true)).toBe(false);
    expect(prettyLogs({ logFormat: 'pretty', env: 'production' }, false)).toBe(true);
  });
});

describe('scrubUrl', () => {
  it('keeps a URL without secrets as it was', () => {
    expect(scrubUrl('/api/sets?limit=20&genre=Techno')).toBe('/api/sets?limit=20&genre=Techno');
    expect(scrubUrl('/reset')).toBe('/reset');
  });

  it('censors secret parameters whatever their case', () => {
    expect(scrubUrl('/media/a.mp3?exp=1&SIG=abc')).toBe('/media/a.mp3?exp=1&SIG=%5Bredacted%5D');
  });
});
