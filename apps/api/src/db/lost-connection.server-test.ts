// A connection that ends while a request holds it (PostgreSQL restarting, a pooler dropping it) fails
// that request's statement; it must not end the process. Runs in the PostgreSQL pass.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { workerDatabaseUrl } from '../test/database';
import { type Database, openDatabase } from './client';
import { queryRows } from './rows';

let database: Database | undefined;
afterAll(async () => {
  await database?.close();
});

describe('a connection lost while checked out', () => {
  it('fails the transaction that held it, and the next statement runs on a new connection', async () => {
    database = await openDatabase({ databaseUrl: workerDatabaseUrl(), poolMax: 2 });
    const admin = new pg.Client({ connectionString: workerDatabaseUrl() });
    await admin.connect();
    try {
      const held = database.db.transaction(async (tx) => {
        const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await admin.query('select pg_terminate_backend($1)', [row?.pid]);
        // The connection is gone between two statements of the transaction.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await queryRows(tx, sql`select 1`);
      });
      await expect(held).rejects.toThrow();
      const [after] = await queryRows<{ ok: number }>(database.db, sql`select 1 as ok`);
      expect(after?.ok).toBe(1);
    } finally {
      await admin.end();
    }
  });
});
