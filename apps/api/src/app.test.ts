import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from './db/client';
import { notFound, tooManyRequests, unprocessable } from './lib/http-errors';
import { buildTestApp } from './test/app';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp(
    {},
    {
      register: (instance) => {
        const zodApp = instance.withTypeProvider<ZodTypeProvider>();
        zodApp.post(
          '/api/test/echo/:id',
          {
            schema: {
              params: z.object({ id: z.coerce.number().int().positive() }),
              querystring: z.object({ limit: z.coerce.number().int().max(100).default(20) }),
              body: z.object({ username: z.string().min(3), email: z.email() }),
            },
          },
          async (request) => ({ id: request.params.id, limit: request.query.limit, ...request.body }),
        );
        zodApp.get('/api/test/missing-set', async () => {
          throw notFound('Set');
        });
        zodApp.get('/api/test/taken', async () => {
          throw unprocessable({ username: ['This username is taken.'] });
        });
        zodApp.get('/api/test/slow-down', async () => {
          throw tooManyRequests(89.2);
        });
        zodApp.get('/api/test/crash', async () => {
          throw new Error('connection string postgres://admin:hunter2@db/internal exploded');
        });
      },
    },
  );
});

afterAll(async () => {
  await app.close();
});

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 in the error shape when the database is gone', async () => {
    const database = await openDatabase({});
    const orphan = await buildTestApp({}, { database });
    try {
      await database.close();
      const response = await orphan.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 503,
        status: 'Service Unavailable',
        message: 'The database is not reachable.',
        database: 'unreachable',
      });
    } finally {
      await orphan.close();
    }
  });
});

describe('the error shape', () => {
  it('answers an unknown /api route with a JSON 404, not the web app', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ code: 404, status: 'Not Found', message: expect.any(String) });
    const post = await app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.json()).toMatchObject({ code: 404, status: 'Not Found' });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "dj",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 400,
      status: 'Bad Request',
      message: 'The request body is not valid JSON.',
    });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10), email: 'a@b.co' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, status: 'Payload Too Large' });
  });

  it('lists body validation failures per field under errors.json with 422', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      payload: { username: 'dj', email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({ code: 422, status: 'Unprocessable Entity' });
    expect(Object.keys(body.errors.json).sort()).toEqual(['email', 'username']);
    expect(body.errors.json.username[0]).toMatch(/3/);
  });

  it('says plainly when a required field is missing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo/1',
      payload: { email: 'a@b.co' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.json).toEqual({ username: ['Missing data for required field.'] });
  });

  it('lists query validation failures under errors.query with 422', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo/1?limit=500',
      payload: { username: 'dj-one', email: 'a@b.co' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ query: { limit: [expect.any(String)] } });
  });

  it('answers an unparsable path id with 404', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo/abc',
      payload: { username: 'dj-one', email: 'a@b.co' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, errors: { params: { id: [expect.any(String)] } } });
  });

  it('lets valid input through, coerced', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo/7?limit=5',
      payload: { username: 'dj-one', email: 'a@b.co' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 7, limit: 5, username: 'dj-one', email: 'a@b.co' });
  });

  it('turns named service errors into the shape', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/test/missing-set' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, status: 'Not Found', message: 'Set not found.' });

    const taken = await app.inject({ method: 'GET', url: '/api/test/taken' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ json: { username: ['This username is taken.'] } });

    const limited = await app.inject({ method: 'GET', url: '/api/test/slow-down' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('90');
    expect(limited.json()).toMatchObject({ code: 429, status: 'Too Many Requests' });
  });

  it('answers a crash with a generic 500 that leaks nothing', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toMatchObject({ code: 500, status: 'Internal Server Error' });
    expect(response.body).not.toMatch(/hunter2|postgres|exploded|at .*\.ts/);
    expect(body.request_id).toBe(response.headers['x-request-id']);
  });
});

describe('request ids', () => {
  it('echoes a sane incoming x-request-id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-42_abc' },
    });
    expect(response.headers['x-request-id']).toBe('lb-42_abc');
  });

  it('replaces an unsafe or overlong one with a fresh id', async () => {
    for (const incoming of ['bad id\nwith newline', 'a'.repeat(65), '<script>']) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': incoming },
      });
      const id = response.headers['x-request-id'];
      expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(id).not.toBe(incoming);
    }
  });

  it('gives every response its own id, errors included', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/nope' });
    const b = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(a.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect(a.json().request_id).toBe(a.headers['x-request-id']);
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the contract, with components', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Health', 'Error']));
    // Only the API and the share previews are documented, not the static file routes.
    expect(Object.keys(document.paths).every((path) => /^\/(api|public)\//.test(path))).toBe(true);
  });

  it('serves the Swagger UI with its own assets', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger/i);
    const script = page.body.match(/src="\.\/(static\/[^"]+\.js)"/)?.[1];
    expect(script).toMatch(/^static\/.+\.js$/);
    const asset = await app.inject({ method: 'GET', url: `/api/docs/${script}` });
    expect(asset.statusCode).toBe(200);
  });
});
