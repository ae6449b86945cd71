import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { scrubUrl } from './logging';

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
      url: '/api/health',
      headers: { 'x-request-id': 'trace-me-1' },
    });
    expect(response.headers['x-request-id']).toBe('trace-me-1');
    expect(lines.some((line) => line.includes('"reqId":"trace-me-1"'))).toBe(true);
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
