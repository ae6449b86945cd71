// A script sent whole (the job engine sends `BEGIN; …; COMMIT`) that fails part-way must not leave its
// connection inside the failed transaction for the next statement: with one connection in the pool,
// every later statement would fail with "current transaction is aborted". Runs in the PostgreSQL pass.
import { afterAll, describe, expect, it } from 'vitest';
import { workerDatabaseUrl } from '../test/database';
import { type Database, openDatabase } from './client';

let database: Database | undefined;
afterAll(async () => {
  await database?.close();
});

describe('a script that fails part-way', () => {
  it('fails, and the next statement on the same connection runs', async () => {
    database = await openDatabase({ databaseUrl: workerDatabaseUrl(), poolMax: 1 });
    const before = await database.executeSql('select pg_backend_pid() as pid');
    await expect(database.executeSql('begin; select 1; select 1 / 0; commit;')).rejects.toThrow(
      /division by zero/,
    );
    const after = await database.executeSql('select pg_backend_pid() as pid, 1 as ok');
    expect(after.rows).toEqual([{ pid: (before.rows[0] as { pid: number }).pid, ok: 1 }]);
    // and a statement with values, on the same connection
    const withValues = await database.executeSql('select $1::int as n', [7]);
    expect(withValues.rows).toEqual([{ n: 7 }]);
  });
});
