// Raw reads for API tests that check what a call left in the database.
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

type App = Pick<FastifyInstance, 'db'>;

/** The rows a statement returns (both drivers answer `{rows}`). */
export async function query<R>(app: App, statement: SQL): Promise<R[]> {
  return ((await app.db.execute(statement)) as unknown as { rows: R[] }).rows;
}

/** The ids a query returns, e.g. `select id from tracks where mix_type = 'ID' order by id limit 3`. */
export async function ids(app: App, text: string): Promise<number[]> {
  return (await query<{ id: number }>(app, sql.raw(text))).map((row) => row.id);
}

export async function oneId(app: App, text: string): Promise<number> {
  const [id] = await ids(app, text);
  if (id === undefined) throw new Error(`no row for: ${text}`);
  return id;
}
