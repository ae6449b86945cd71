// Which time limits each request's SQL runs under, and how a stopped statement answers. The
// embedded database cannot interrupt a running statement, so here the engine itself raises the
// errors a statement_timeout and a lock_timeout raise on a server (statement-limits.server-test.ts
// runs real slow statements on PostgreSQL).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentStatementLimits } from '../lib/statement-limits';
import { buildTestApp } from '../test/app';

let app: FastifyInstance;
const limits = {
  read: { statementTimeoutMs: 1_100, lockTimeoutMs: 100 },
  write: { statementTimeoutMs: 2_200, lockTimeoutMs: 200 },
  search: { statementTimeoutMs: 330, lockTimeoutMs: 300 },
};

beforeAll(async () => {
  app = await buildTestApp(
    { statementLimits: limits },
    {
      register: (instance) => {
        instance.get('/api/test/limits', async () => ({ limits: currentStatementLimits() }));
        instance.post('/api/test/limits', async () => ({ limits: currentStatementLimits() }));
        instance.get('/api/test/cancelled', async () => {
          await instance.db.execute(
            sql.raw(`do $$ begin
            raise exception 'canceling statement due to statement timeout' using errcode = 'query_canceled';
          end $$`),
          );
          return {};
        });
        instance.get('/api/test/lock-wait', async () => {
          await instance.db.execute(
            sql.raw(`do $$ begin
            raise exception 'canceling statement due to lock timeout' using errcode = 'lock_not_available';
          end $$`),
          );
          return {};
        });
      },
    },
  );
});
afterAll(async () => {
  await app?.close();
});

describe('the kind of call', () => {
  it('is a read for a GET, a search for a GET with `search`, a write otherwise', async () => {
    const limitsOf = async (method: 'GET' | 'POST', url: string) =>
      (await app.inject({ method, url })).json().limits;
    expect(await limitsOf('GET', '/api/test/limits')).toEqual(limits.read);
    expect(await limitsOf('GET', '/api/test/limits?search=m')).toEqual(limits.search);
    expect(await limitsOf('GET', '/api/test/limits?search=%20')).toEqual(limits.read);
    expect(await limitsOf('POST', '/api/test/limits?search=m')).toEqual(limits.write);
  });
});

describe('a statement stopped by its limit', () => {
  it.each([
    ['a statement timeout', '/api/test/cancelled'],
    ['a lock timeout', '/api/test/lock-wait'],
  ])(
    'answers 503 in the error shape with Retry-After (%s), and the next request works',
    async (_what, url) => {
      const stopped = await app.inject({ url });
      expect(stopped.statusCode).toBe(503);
      expect(stopped.headers['retry-after']).toBe('5');
      expect(stopped.json()).toMatchObject({
        code: 503,
        status: 'Service Unavailable',
        message: 'This request took too long and was stopped. Please try again in a moment.',
      });
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    },
  );
});
