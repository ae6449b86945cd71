// The one way to read the rows of a raw statement (a `sql` template the query builder cannot say).
// Both drivers answer `db.execute()` with `{ rows }` but drizzle types the answer per driver, so the
// row type is stated here, once per statement, instead of a cast at every call.
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** What runs a raw statement: the database or a transaction of it. */
export type SqlRunner = Pick<Db, 'execute'>;

/** The rows of `statement`, typed as the statement's columns (snake_case, as the SQL names them). */
export async function queryRows<Row>(db: SqlRunner, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The first row of `statement`, or undefined when it answers none. */
export async function queryRow<Row>(db: SqlRunner, statement: SQL): Promise<Row | undefined> {
  return (await queryRows<Row>(db, statement))[0];
}
