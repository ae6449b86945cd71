// Time limits on each request's SQL, on a PostgreSQL server (CI's PostgreSQL pass): a deliberately slow
// statement answers 503 in the error shape when its kind's statement_timeout fires, a statement stuck
// behind another's lock answers 503 at the lock_timeout, and the one pooled connection is free again
// at once, under the next request's limits (and without JIT compilation); work outside a request
// keeps the server's defaults.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { queryRows } from '../db/rows';
import { buildTestApp } from '../test/app';
import { createUserWithToken } from '../test/auth';
import { workerDatabaseUrl } from '../test/database';

let app: FastifyInstance;
let database: Database;
let url: string;

beforeAll(async () => {
  url = workerDatabaseUrl() ?? '';
  if (!url) throw new Error('server tests need TEST_DATABASE_URL');
  // One connection: if a stopped statement kept it, every later request would wait.
  database = await openDatabase({ databaseUrl: url, poolMax: 1 });
  app = await buildTestApp(
    {
      statementLimits: {
        read: { statementTimeoutMs: 300, lockTimeoutMs: 300 },
        write: { statementTimeoutMs: 5_000, lockTimeoutMs: 400 },
        search: { statementTimeoutMs: 250, lockTimeoutMs: 250 },
      },
    },
    {
      database,
      register: (instance) => {
        instance.get('/api/test/slow', async () => {
          await instance.db.execute(sql`select pg_sleep(3)`);
          return { slept: true };
        });
        instance.get('/api/test/limits', async () => {
          const [row] = await queryRows<{ statement_timeout: string }>(
            instance.db,
            sql`show statement_timeout`,
          );
          const [lock] = await queryRows<{ lock_timeout: string }>(instance.db, sql`show lock_timeout`);
          const [jit] = await queryRows<{ jit: string }>(instance.db, sql`show jit`);
          return {
            statement_timeout: row?.statement_timeout,
            lock_timeout: lock?.lock_timeout,
            jit: jit?.jit,
          };
        });
      },
    },
  );
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('a request’s statements run under its kind’s time limits', () => {
  it('stops a deliberately slow statement with 503 in the error shape and frees the connection', async () => {
    const started = Date.now();
    const slow = await app.inject({ url: '/api/test/slow' });
    const ms = Date.now() - started;
    expect(slow.statusCode).toBe(503);
    expect(slow.headers['retry-after']).toBe('5');
    expect(slow.json()).toMatchObject({
      code: 503,
      status: 'Service Unavailable',
      message: 'This request took too long and was stopped. Please try again in a moment.',
    });
    expect(ms).toBeLessThan(2_500);

    // The one connection answers the next request at once, under that request's limits.
    const next = await app.inject({ url: '/api/test/limits?search=glow' });
    expect(next.statusCode).toBe(200);
    expect(next.json()).toEqual({ statement_timeout: '250ms', lock_timeout: '250ms', jit: 'off' });
    expect((await app.inject({ url: '/api/test/limits' })).json()).toEqual({
      statement_timeout: '300ms',
      lock_timeout: '300ms',
      jit: 'off',
    });
  });

  it('stops a write stuck behind another transaction’s lock at the lock timeout', async () => {
    const { user, headers } = await createUserWithToken(app);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from users where id = $1 for update', [user.id]);
      const started = Date.now();
      const stuck = await app.inject({
        method: 'PUT',
        url: '/api/me/profile-update',
        headers,
        payload: { about_me: 'Hi', soundcloud_url: '', user_type: ['listener'] },
      });
      expect(stuck.statusCode).toBe(503);
      expect(stuck.json()).toMatchObject({ code: 503 });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const after = await app.inject({ url: '/api/me', headers });
    expect(after.statusCode).toBe(200);
    expect(after.json().about_me).toBe('');
  });

  it('leaves the server’s defaults to work outside a request (jobs, operator commands)', async () => {
    expect((await app.inject({ url: '/api/test/limits' })).statusCode).toBe(200);
    const { rows } = await database.executeSql('show statement_timeout');
    expect(rows).toEqual([{ statement_timeout: '0' }]);
    const fresh = new pg.Client({ connectionString: url });
    await fresh.connect();
    const serverDefault = (await fresh.query('show jit')).rows;
    await fresh.end();
    expect((await database.executeSql('show jit')).rows).toEqual(serverDefault);
  });
});
