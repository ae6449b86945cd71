// Two transactions that cross (a deadlock, a serialization failure) answer 503 with a short
// Retry-After in the error shape: the same request again goes through. Never a 500.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp(
    {},
    {
      register: (a) => {
        // what drizzle throws: its own error, the driver's PostgreSQL error as its cause
        a.get('/api/test-only/conflict/:code', async (request) => {
          const { code } = request.params as { code: string };
          throw new Error('Failed query: select …', {
            cause: Object.assign(new Error('deadlock detected'), { code }),
          });
        });
      },
    },
  );
});
afterAll(async () => {
  await app.close();
});

describe('crossed transactions', () => {
  it.each(['40P01', '40001'])('%s answers 503 with Retry-After in the error shape', async (code) => {
    const res = await app.inject({ url: `/api/test-only/conflict/${code}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({
      code: 503,
      message: 'The service is temporarily unavailable. Please try again in a moment.',
    });
  });
});
