import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../test/app';

const ref = z.object({ id: z.number().int(), name: z.string() });
const item = z.object({
  id: z.number().int(),
  title: z.string(),
  bio: z.string().nullable(),
  tags: z.array(z.string()),
  founders: z.array(ref),
  note: z.string().optional(),
});
const page = z.object({ data: z.array(item), total: z.number().int() });
// A codec: the wire form (an ISO string) differs from what the handler returns (a Date).
const stamped = z.object({
  at: z.codec(z.iso.datetime(), z.date(), {
    decode: (s) => new Date(s),
    encode: (d) => d.toISOString(),
  }),
});

const leaky = {
  id: 7,
  title: 'Sunrise',
  bio: null,
  tags: ['house'],
  founders: [{ id: 1, name: 'A', password_hash: 'secret-hash' }],
  email: 'private@example.test',
};

function testRoutes(app: FastifyInstance): void {
  app.get('/api/test/page', { schema: { response: { 200: page } } }, async () => ({
    data: [leaky, { ...leaky, id: 8, note: 'kept' }],
    total: 2,
    internal_cursor: 'x',
  }));
  app.get('/api/test/broken', { schema: { response: { 200: item } } }, async () => ({ id: 1 }));
  app.get('/api/test/stamped', { schema: { response: { 200: stamped } } }, async () => ({
    at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
  }));
}

// 'development' takes the production path alone; 'test' (every other API test) also checks each
// response against zod's own encoding.
describe.each(['development', 'test'] as const)('responses (%s)', (env) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ env }, { register: testRoutes });
  });
  afterAll(async () => {
    await app.close();
  });

  it('carry only the fields the contract names, at every depth', async () => {
    const response = await app.inject({ url: '/api/test/page' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { id: 7, title: 'Sunrise', bio: null, tags: ['house'], founders: [{ id: 1, name: 'A' }] },
        {
          id: 8,
          title: 'Sunrise',
          bio: null,
          tags: ['house'],
          founders: [{ id: 1, name: 'A' }],
          note: 'kept',
        },
      ],
      total: 2,
    });
    expect(response.body).not.toContain('secret-hash');
    expect(response.body).not.toContain('private@example.test');
  });

  it('answer a response missing a required field with a generic 500', async () => {
    const response = await app.inject({ url: '/api/test/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 500 });
    expect(response.body).not.toContain('title');
  });

  it('send the wire form of a codec', async () => {
    const response = await app.inject({ url: '/api/test/stamped' });
    expect(response.json()).toEqual({ at: '2026-01-02T03:04:05.000Z' });
  });
});
